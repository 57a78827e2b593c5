import { describe, expect, it, vi } from 'vitest'
import type { Principal } from '../context.js'
import { AuthCache } from './auth-cache.js'
import type { Authenticator } from './authenticator.js'

const principalOf = (tokenId: string): Principal => ({ platformId: 'Platform:1', environment: 'SANDBOX', tokenId, permissions: ['VIEW', 'MANAGE'] })
const credentials = (tokenId: string, secret = 'secret') => ({ clientId: tokenId, clientSecret: secret })

function setup(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const clock = { nowMs: 1_000 }
  const authenticate = vi.fn<Authenticator>(async ({ clientId }) => principalOf(clientId))
  const cache = new AuthCache(authenticate, { ttlMs: options.ttlMs ?? 30_000, maxEntries: options.maxEntries ?? 100, nowMs: () => clock.nowMs })
  return { cache, authenticate, clock }
}

describe('AuthCache', () => {
  it('answers from memory until the TTL ends', async () => {
    const { cache, authenticate, clock } = setup()
    await cache.authenticate(credentials('Token:1'), 'req-1')
    clock.nowMs += 29_999
    expect(await cache.authenticate(credentials('Token:1'), 'req-2')).toEqual(principalOf('Token:1'))
    expect(authenticate).toHaveBeenCalledTimes(1)
    clock.nowMs += 1
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
