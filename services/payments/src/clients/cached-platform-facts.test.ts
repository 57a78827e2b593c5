import type { Caller } from '@pp/tenancy'
import { describe, expect, it } from 'vitest'
import { withCachedPlatformFacts } from './cached-platform-facts.js'
import type { PlatformFacts } from '../domain/types.js'
import type { Services } from '../domain/deps.js'

const ctx = (platformId: string): Caller => ({ platformId, environment: 'SANDBOX', requestId: 'test' })
const facts = (bps: number): PlatformFacts => ({ isRegulatedFinancialInstitution: false, feeConfigs: [{ feeType: 'X', sourceCurrency: 'USD', variableFeeBps: bps, fixedFee: 0n }] })

function counting(answers: Array<PlatformFacts | Error>) {
  const calls: string[] = []
  const services = {
    platform: async (c: Caller) => {
      calls.push(c.platformId)
      const answer = answers.shift()!
      if (answer instanceof Error) throw answer
      return answer
    },
  } as unknown as Services
  return { services, calls }
}

describe('withCachedPlatformFacts', () => {
  it('asks once per tenant within the time to live, and again after it', async () => {
    let clock = 0
    const { services, calls } = counting([facts(1), facts(2), facts(3)])
    const cached = withCachedPlatformFacts(services, 1_000, () => clock)
    const [a, b] = await Promise.all([cached.platform(ctx('P1')), cached.platform(ctx('P1'))])
    expect([a, b]).toEqual([facts(1), facts(1)])
    expect(await cached.platform(ctx('P2'))).toEqual(facts(2))
    clock = 1_001
    expect(await cached.platform(ctx('P1'))).toEqual(facts(3))
    expect(calls).toEqual(['P1', 'P2', 'P1'])
  })

  it('forgets a failed answer so the next call asks again', async () => {
    const { services, calls } = counting([new Error('unavailable'), facts(5)])
    const cached = withCachedPlatformFacts(services, 1_000, () => 0)
    await expect(cached.platform(ctx('P1'))).rejects.toThrow('unavailable')
    expect(await cached.platform(ctx('P1'))).toEqual(facts(5))
    expect(calls).toEqual(['P1', 'P1'])
  })

  it('asks every time when the time to live is zero', async () => {
    const { services, calls } = counting([facts(1), facts(2)])
    const cached = withCachedPlatformFacts(services, 0)
    await cached.platform(ctx('P1'))
    await cached.platform(ctx('P1'))
    expect(calls).toHaveLength(2)
  })
})
