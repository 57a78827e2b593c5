import { ApiError } from '@pp/errors'
import { describe, expect, it, vi } from 'vitest'
import type { Principal } from '../context.js'
import { AuthCache } from './auth-cache.js'
import type { Authenticator } from './authenticator.js'

const principalOf = (tokenId: string): Principal => ({ platformId: 'Platform:1', environment: 'SANDBOX', tokenId, permissions: ['VIEW', 'MANAGE'] })
const credentials = (tokenId: string, secret = 'secret') => ({ clientId: tokenId, clientSecret: secret })

function setup(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const clock = { nowMs: 1_000 }
  const authenticate = vi.fn<Authenticator>(async ({ clientId }) => principalOf(clientId))
  const cache = new AuthCache(authenticate, {
    ttlMs: options.ttlMs ?? 30_000,
    maxEntries: options.maxEntries ?? 100,
    failureTtlMs: 5_000,
    nowMs: () => clock.nowMs,
  })
  return { cache, authenticate, clock }
}

/** A check the test finishes when it chooses. */
function pendingCheck(authenticate: ReturnType<typeof setup>['authenticate']) {
  const settle = { resolve: (_: Principal) => undefined as void, reject: (_: unknown) => undefined as void }
  authenticate.mockImplementationOnce(() => new Promise((resolve, reject) => Object.assign(settle, { resolve, reject })))
  return settle
}

const wrongSecret = () => new ApiError('UNAUTHORIZED', 'Invalid client secret')

/** One turn of the event loop: a settled background check has run to its end by then. */
const backgroundWorkDone = () => new Promise((resolve) => setImmediate(resolve))

/** A cached success used near its expiry: answered from memory, its refresh still under way. */
async function refreshUnderWay() {
  const fixture = setup()
  await fixture.cache.authenticate(credentials('Token:1'), 'req')
  fixture.clock.nowMs += 24_000
  const refresh = pendingCheck(fixture.authenticate)
  expect(await fixture.cache.authenticate(credentials('Token:1'), 'req')).toEqual(principalOf('Token:1'))
  return { ...fixture, refresh }
}

describe('AuthCache', () => {
  it('answers from memory until the TTL ends', async () => {
    const { cache, authenticate, clock } = setup()
    await cache.authenticate(credentials('Token:1'), 'req-1')
    clock.nowMs += 23_999
    expect(await cache.authenticate(credentials('Token:1'), 'req-2')).toEqual(principalOf('Token:1'))
    expect(authenticate).toHaveBeenCalledTimes(1)
    // unused through the refresh window, the entry ends with its TTL
    clock.nowMs += 6_001
    await cache.authenticate(credentials('Token:1'), 'req-3')
    expect(authenticate).toHaveBeenCalledTimes(2)
  })

  it('keys entries by the secret too, so another secret is checked', async () => {
    const { cache, authenticate } = setup()
    await cache.authenticate(credentials('Token:1', 'a'), 'req')
    await cache.authenticate(credentials('Token:1', 'b'), 'req')
    expect(authenticate).toHaveBeenCalledTimes(2)
  })

  it('evicts every entry of a deleted token and only those', async () => {
    const { cache, authenticate } = setup()
    await cache.authenticate(credentials('Token:1', 'a'), 'req')
    await cache.authenticate(credentials('Token:1', 'b'), 'req')
    await cache.authenticate(credentials('Token:2'), 'req')
    cache.evictToken('Token:1')
    expect(cache.size).toBe(1)
    await cache.authenticate(credentials('Token:2'), 'req')
    expect(authenticate).toHaveBeenCalledTimes(3)
  })

  it('does not remember a check that was in flight when its token was deleted', async () => {
    const { cache, authenticate } = setup()
    let finish: (principal: Principal) => void = () => undefined
    authenticate.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)))
    const inFlight = cache.authenticate(credentials('Token:1'), 'req')
    cache.evictToken('Token:1')
    finish(principalOf('Token:1'))
    await inFlight
    expect(cache.size).toBe(0)
  })

  it('stays within its size bound by dropping the oldest entry', async () => {
    const { cache, authenticate } = setup({ maxEntries: 2 })
    for (const tokenId of ['Token:1', 'Token:2', 'Token:3']) await cache.authenticate(credentials(tokenId), 'req')
    expect(cache.size).toBe(2)
    await cache.authenticate(credentials('Token:3'), 'req')
    expect(authenticate).toHaveBeenCalledTimes(3)
    await cache.authenticate(credentials('Token:1'), 'req')
    expect(authenticate).toHaveBeenCalledTimes(4)
  })

  it('remembers nothing with a TTL of zero', async () => {
    const { cache, authenticate } = setup({ ttlMs: 0 })
    await cache.authenticate(credentials('Token:1'), 'req')
    await cache.authenticate(credentials('Token:1'), 'req')
    expect(authenticate).toHaveBeenCalledTimes(2)
    expect(cache.size).toBe(0)
  })

  it('refuses a size bound below one', () => {
    expect(() => new AuthCache(async () => principalOf('x'), { ttlMs: 1, maxEntries: 0 })).toThrow()
  })
})

describe('AuthCache sharing checks', () => {
  it('lets concurrent misses of the same credentials share one check', async () => {
    const { cache, authenticate } = setup()
    const check = pendingCheck(authenticate)
    const answers = Promise.all([1, 2, 3].map((n) => cache.authenticate(credentials('Token:1'), `req-${n}`)))
    check.resolve(principalOf('Token:1'))
    expect(await answers).toEqual([1, 2, 3].map(() => principalOf('Token:1')))
    expect(authenticate).toHaveBeenCalledTimes(1)
  })

  it('rejects every caller sharing a failed check, and starts afresh afterwards for other failures', async () => {
    const { cache, authenticate } = setup()
    const check = pendingCheck(authenticate)
    const answers = [1, 2].map(() => cache.authenticate(credentials('Token:1'), 'req'))
    check.reject(new Error('platform service unreachable'))
    for (const answer of answers) await expect(answer).rejects.toThrow('platform service unreachable')
    expect(authenticate).toHaveBeenCalledTimes(1)
    // a transient failure is not remembered
    expect(await cache.authenticate(credentials('Token:1'), 'req')).toEqual(principalOf('Token:1'))
    expect(authenticate).toHaveBeenCalledTimes(2)
  })
})

describe('AuthCache remembering rejections', () => {
  it('answers a rejected secret from memory for the failure TTL, then checks it again', async () => {
    const { cache, authenticate, clock } = setup()
    authenticate.mockRejectedValueOnce(wrongSecret())
    await expect(cache.authenticate(credentials('Token:1', 'wrong'), 'req')).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid client secret' })
    clock.nowMs += 4_999
    await expect(cache.authenticate(credentials('Token:1', 'wrong'), 'req')).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    expect(authenticate).toHaveBeenCalledTimes(1)
    clock.nowMs += 1
    await cache.authenticate(credentials('Token:1', 'wrong'), 'req')
    expect(authenticate).toHaveBeenCalledTimes(2)
  })

  it('keys rejections by the secret, so the right secret is still checked', async () => {
    const { cache, authenticate } = setup()
    authenticate.mockRejectedValueOnce(wrongSecret())
    await expect(cache.authenticate(credentials('Token:1', 'wrong'), 'req')).rejects.toThrow()
    expect(await cache.authenticate(credentials('Token:1', 'right'), 'req')).toEqual(principalOf('Token:1'))
  })

  it('does not remember a failure that is not a verdict on the credentials', async () => {
    const { cache, authenticate } = setup()
    authenticate.mockRejectedValueOnce(new ApiError('SERVICE_UNAVAILABLE'))
    await expect(cache.authenticate(credentials('Token:1'), 'req')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
    expect(await cache.authenticate(credentials('Token:1'), 'req')).toEqual(principalOf('Token:1'))
  })

  it('holds back new secrets of a rate-limited username for a second, not the secrets it knows', async () => {
    const { cache, authenticate, clock } = setup()
    await cache.authenticate(credentials('Token:1', 'right'), 'req')
    authenticate.mockRejectedValueOnce(new ApiError('RATE_LIMITED'))
    await expect(cache.authenticate(credentials('Token:1', 'guess-1'), 'req')).rejects.toMatchObject({ code: 'RATE_LIMITED' })
    await expect(cache.authenticate(credentials('Token:1', 'guess-2'), 'req')).rejects.toMatchObject({ code: 'RATE_LIMITED' })
    expect(await cache.authenticate(credentials('Token:1', 'right'), 'req')).toEqual(principalOf('Token:1'))
    expect(await cache.authenticate(credentials('Token:2', 'guess-1'), 'req')).toEqual(principalOf('Token:2'))
    expect(authenticate).toHaveBeenCalledTimes(3)
    clock.nowMs += 1_000
    await cache.authenticate(credentials('Token:1', 'guess-2'), 'req')
    expect(authenticate).toHaveBeenCalledTimes(4)
  })

  it('stays within its size bound', async () => {
    const { cache, authenticate } = setup({ maxEntries: 1 })
    authenticate.mockRejectedValue(wrongSecret())
    await expect(cache.authenticate(credentials('Token:1', 'a'), 'req')).rejects.toThrow()
    await expect(cache.authenticate(credentials('Token:1', 'b'), 'req')).rejects.toThrow()
    await expect(cache.authenticate(credentials('Token:1', 'a'), 'req')).rejects.toThrow()
    expect(authenticate).toHaveBeenCalledTimes(3)
  })
})

describe('AuthCache refreshing ahead', () => {
  it('answers a hit near expiry from memory and refreshes it once in the background', async () => {
    const { cache, authenticate, clock, refresh } = await refreshUnderWay()
    expect(await cache.authenticate(credentials('Token:1'), 'req')).toEqual(principalOf('Token:1'))
    expect(authenticate).toHaveBeenCalledTimes(2)
    refresh.resolve(principalOf('Token:1'))
    await backgroundWorkDone()
    // past the first entry's TTL, before the refreshed one's refresh window
    clock.nowMs += 6_000
    await cache.authenticate(credentials('Token:1'), 'req')
    expect(authenticate).toHaveBeenCalledTimes(2)
  })

  it('drops the entry when the refresh is rejected', async () => {
    const { cache, authenticate, refresh } = await refreshUnderWay()
    refresh.reject(new ApiError('UNAUTHORIZED', 'API token deleted'))
    await backgroundWorkDone()
    expect(cache.size).toBe(0)
    await expect(cache.authenticate(credentials('Token:1'), 'req')).rejects.toMatchObject({ message: 'API token deleted' })
    expect(authenticate).toHaveBeenCalledTimes(2)
  })

  it('keeps the entry when the refresh fails for another reason, and retries a second later', async () => {
    const { cache, authenticate, clock, refresh } = await refreshUnderWay()
    refresh.reject(new Error('platform service unreachable'))
    await backgroundWorkDone()
    expect(await cache.authenticate(credentials('Token:1'), 'req')).toEqual(principalOf('Token:1'))
    expect(authenticate).toHaveBeenCalledTimes(2)
    clock.nowMs += 1_000
    expect(await cache.authenticate(credentials('Token:1'), 'req')).toEqual(principalOf('Token:1'))
    expect(authenticate).toHaveBeenCalledTimes(3)
  })
})

describe('AuthCache evicting a token during a check', () => {
  it('does not let a request after the eviction share the check started before it', async () => {
    const { cache, authenticate } = setup()
    const before = pendingCheck(authenticate)
    const early = cache.authenticate(credentials('Token:1'), 'req-early')
    cache.evictToken('Token:1')
    const after = pendingCheck(authenticate)
    const late = cache.authenticate(credentials('Token:1'), 'req-late')
    expect(authenticate).toHaveBeenCalledTimes(2)
    before.resolve(principalOf('Token:1'))
    after.reject(new ApiError('UNAUTHORIZED', 'API token deleted'))
    await early
    await expect(late).rejects.toMatchObject({ message: 'API token deleted' })
    expect(cache.size).toBe(0)
    await expect(cache.authenticate(credentials('Token:1'), 'req')).rejects.toMatchObject({ message: 'API token deleted' })
    expect(authenticate).toHaveBeenCalledTimes(2)
  })

  it('does not let a refresh started before the eviction bring the token back', async () => {
    const { cache, authenticate, refresh } = await refreshUnderWay()
    cache.evictToken('Token:1')
    refresh.resolve(principalOf('Token:1'))
    await backgroundWorkDone()
    expect(cache.size).toBe(0)
    await cache.authenticate(credentials('Token:1'), 'req')
    expect(authenticate).toHaveBeenCalledTimes(3)
  })
})
