import type { Caller } from '@pp/tenancy'
import { describe, expect, it } from 'vitest'
import { ApiError } from '@pp/errors'
import type { InternalAccountFacts } from '../domain/types.js'
import { withCachedAccountFacts } from './cached-account-facts.js'
import type { Services } from '../domain/deps.js'

const ctx = (platformId: string): Caller => ({ platformId, environment: 'SANDBOX', requestId: 'test' })
const facts = (id: string): InternalAccountFacts => ({ id, type: 'INTERNAL_FIAT', currency: 'USD', customerId: 'Customer:1' })

function counting(answers: Array<InternalAccountFacts | Error>) {
  const calls: string[] = []
  const services = {
    internalAccount: async (c: Caller, id: string) => {
      calls.push(`${c.platformId}/${id}`)
      const answer = answers.shift()!
      if (answer instanceof Error) throw answer
      return answer
    },
  } as unknown as Services
  return { services, calls }
}

describe('withCachedAccountFacts', () => {
  it('asks the ledger once per tenant and account, even for concurrent misses', async () => {
    const { services, calls } = counting([facts('A'), facts('A')])
    const cached = withCachedAccountFacts(services)
    const [a, b] = await Promise.all([cached.internalAccount(ctx('P1'), 'A'), cached.internalAccount(ctx('P1'), 'A')])
    expect([a, b]).toEqual([facts('A'), facts('A')])
    expect(await cached.internalAccount(ctx('P1'), 'A')).toEqual(facts('A'))
    await cached.internalAccount(ctx('P2'), 'A')
    expect(calls).toEqual(['P1/A', 'P2/A'])
  })

  it('forgets a failure, so another tenant asking for the id is not answered from it', async () => {
    const { services, calls } = counting([new ApiError('ACCOUNT_NOT_FOUND', 'no'), facts('A')])
    const cached = withCachedAccountFacts(services)
    await expect(cached.internalAccount(ctx('P1'), 'A')).rejects.toMatchObject({ code: 'ACCOUNT_NOT_FOUND' })
    expect(await cached.internalAccount(ctx('P1'), 'A')).toEqual(facts('A'))
    expect(calls).toEqual(['P1/A', 'P1/A'])
  })

  it('keeps at most its bound, dropping the oldest', async () => {
    const { services, calls } = counting([facts('A'), facts('B'), facts('A')])
    const cached = withCachedAccountFacts(services, 1)
    await cached.internalAccount(ctx('P1'), 'A')
    await cached.internalAccount(ctx('P1'), 'B')
    await cached.internalAccount(ctx('P1'), 'A')
    expect(calls).toEqual(['P1/A', 'P1/B', 'P1/A'])
  })
})
