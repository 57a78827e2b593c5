import { ApiError } from '@pp/errors'
import { describe, expect, it, vi } from 'vitest'
import type { PlatformDb } from '../../db/client.js'
import type { PlatformDeps } from '../deps.js'
import type { SecretHasher } from '../secrets.js'
import { authenticateCredentials } from './authenticate-credentials.js'
import { ProvenSecrets } from './proven-secrets.js'
import { VerificationBudget } from './verification-budget.js'
import type { TokenRow } from './types.js'

const TOKEN_ID = 'Token:019542f5-b3e7-7d02-8000-000000000001'
const RIGHT_SECRET = 'right'

const row = (deletedAt: Date | null = null) =>
  ({
    id: TOKEN_ID, platformId: 'Platform:1', environment: 'SANDBOX', name: 'ops', permissions: ['VIEW'], clientId: 'c'.repeat(32),
    secretHash: 'stored', createdAt: new Date(0), updatedAt: new Date(0), deletedAt,
  }) as TokenRow

/** The use case over a one-token table and a hasher that counts its (expensive) verifications. */
function setup(stored: TokenRow | null, { burst = 5, concurrent = 5 } = {}) {
  const db = { apiToken: { findUnique: async () => stored } } as unknown as PlatformDb
  const verify = vi.fn<SecretHasher['verify']>(async (secret) => secret === RIGHT_SECRET)
  const secrets: SecretHasher = { hash: async () => 'stored', verify }
  const deps: PlatformDeps = {
    db,
    secrets,
    verifications: new VerificationBudget({ perSecond: 1, burst, concurrent, maxTokens: 10, nowMs: () => 0 }),
    provenSecrets: new ProvenSecrets(10),
    now: () => new Date(0),
    webhookLoopbackAllowed: false,
    resolveHost: async () => [],
  }
  return { authenticate: (username: string, secret: string) => authenticateCredentials(deps, username, secret), verify }
}

const refusal = (call: Promise<unknown>) => call.then(() => expect.fail('expected a refusal'), (err: ApiError) => [err.code, err.message])

describe('authenticateCredentials', () => {
  it('answers the token of a right secret', async () => {
    const { authenticate } = setup(row())
    expect(await authenticate(TOKEN_ID, RIGHT_SECRET)).toMatchObject({ id: TOKEN_ID, platformId: 'Platform:1' })
  })

  it('refuses an unknown username without running scrypt', async () => {
    const { authenticate, verify } = setup(null)
    expect(await refusal(authenticate(TOKEN_ID, RIGHT_SECRET))).toEqual(['UNAUTHORIZED', 'Unknown API token'])
    expect(await refusal(authenticate('', ''))).toEqual(['UNAUTHORIZED', 'Unknown API token'])
    expect(verify).not.toHaveBeenCalled()
  })

  it('names a deleted token only to a caller who knows its secret', async () => {
    const { authenticate } = setup(row(new Date(0)))
    expect(await refusal(authenticate(TOKEN_ID, 'wrong'))).toEqual(['UNAUTHORIZED', 'Invalid client secret'])
    expect(await refusal(authenticate(TOKEN_ID, RIGHT_SECRET))).toEqual(['UNAUTHORIZED', 'API token deleted'])
  })

  it('runs no more verifications for one token than its budget allows, answering RATE_LIMITED beyond it', async () => {
    const { authenticate, verify } = setup(row(), { burst: 3 })
    const answers = await Promise.all(Array.from({ length: 1_000 }, (_, n) => refusal(authenticate(TOKEN_ID, `wrong-${n}`))))
    expect(verify).toHaveBeenCalledTimes(3)
    expect(answers.filter(([code]) => code === 'UNAUTHORIZED')).toHaveLength(3)
    expect(answers.filter(([code]) => code === 'RATE_LIMITED')).toHaveLength(997)
  })

  it('gives the budget back when a verification throws', async () => {
    const { authenticate, verify } = setup(row(), { concurrent: 1 })
    verify.mockRejectedValueOnce(new Error('stored token secret hash is malformed'))
    await expect(authenticate(TOKEN_ID, RIGHT_SECRET)).rejects.toThrow('malformed')
    // with one verification at a time, a slot left "in progress" would refuse this one
    expect(await authenticate(TOKEN_ID, RIGHT_SECRET)).toMatchObject({ id: TOKEN_ID })
  })

  it('accepts the secret last proven right without scrypt, even with the budget spent', async () => {
    const { authenticate, verify } = setup(row(), { burst: 2 })
    await authenticate(TOKEN_ID, RIGHT_SECRET)
    await refusal(authenticate(TOKEN_ID, 'wrong'))
    expect(await refusal(authenticate(TOKEN_ID, 'wrong again'))).toEqual(['RATE_LIMITED', expect.any(String)])
    expect(await authenticate(TOKEN_ID, RIGHT_SECRET)).toMatchObject({ id: TOKEN_ID })
    expect(verify).toHaveBeenCalledTimes(2)
  })
})
