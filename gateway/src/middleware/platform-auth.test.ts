import { ApiError } from '@pp/errors'
import { describe, expect, it, vi } from 'vitest'
import { basicAuth, testApp } from '../../test/support/framework-app.js'
import { AuthCache, DEFAULT_FAILURE_TTL_MS } from '../auth/auth-cache.js'
import type { Authenticator } from '../auth/authenticator.js'

const principal = { platformId: 'Platform:1', environment: 'PRODUCTION' as const, tokenId: 'Token:1', permissions: ['VIEW' as const] }
const goodAuth = basicAuth('client1', 'right-secret')

/** Accepts only Token:1 with its secret; rejects like the platform service does. */
const stubAuthenticator = () =>
  vi.fn<Authenticator>(async ({ clientId, clientSecret }) => {
    if (clientId === 'client1' && clientSecret === 'right-secret') return principal
    throw new ApiError('UNAUTHORIZED', 'Invalid client secret')
  })

const whoami = (app: ReturnType<typeof testApp>, authorization?: string) =>
  app.request('/2025-10-13/whoami', { headers: authorization === undefined ? {} : { Authorization: authorization } })

describe('platform authentication', () => {
  it('lets valid credentials through with the principal they select', async () => {
    const authenticate = stubAuthenticator()
    const res = await whoami(testApp(authenticate), goodAuth)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ platformId: 'Platform:1' })
    expect(authenticate).toHaveBeenCalledWith({ clientId: 'client1', clientSecret: 'right-secret' }, expect.any(String))
  })

  it('passes a token id username whole, colon included', async () => {
    const authenticate = vi.fn<Authenticator>(async () => principal)
    const tokenId = 'Token:019542f5-b3e7-7d02-8000-000000000001'
    expect((await whoami(testApp(authenticate), basicAuth(tokenId, 'right-secret'))).status).toBe(200)
    expect(authenticate).toHaveBeenCalledWith({ clientId: tokenId, clientSecret: 'right-secret' }, expect.any(String))
  })

  it.each([
    ['no Authorization header', undefined, 'Missing Authorization header'],
    ['another scheme', 'Bearer abc', 'Authorization header is not valid HTTP Basic credentials'],
    ['broken base64', 'Basic !!!', 'Authorization header is not valid HTTP Basic credentials'],
    ['no colon', `Basic ${Buffer.from('client1').toString('base64').replace(/=+$/, '')}x`, 'Authorization header is not valid HTTP Basic credentials'],
    ['a rejected secret', basicAuth('client1', 'wrong'), 'Invalid client secret'],
  ])('answers %s with 401 UNAUTHORIZED naming the failing check', async (_, authorization, reason) => {
    const res = await whoami(testApp(stubAuthenticator()), authorization)
    expect(res.status).toBe(401)
    expect(res.headers.get('WWW-Authenticate')).toMatch(/^Basic /)
    expect(await res.json()).toEqual({ status: 401, code: 'UNAUTHORIZED', message: reason, reason, details: {} })
  })

  describe('with the credential cache', () => {
    const cachedApp = (authenticate: Authenticator, clock = { nowMs: 0 }) => {
      const cache = new AuthCache(authenticate, { ttlMs: 30_000, maxEntries: 10, nowMs: () => clock.nowMs })
      return { app: testApp(cache.authenticate), cache, clock }
    }

    it('does not ask the platform service again for credentials it has just accepted', async () => {
      const authenticate = stubAuthenticator()
      const { app } = cachedApp(authenticate)
      expect((await whoami(app, goodAuth)).status).toBe(200)
      expect((await whoami(app, goodAuth)).status).toBe(200)
      expect(authenticate).toHaveBeenCalledTimes(1)
    })

    it('asks again after the token is evicted and after the TTL', async () => {
      const authenticate = stubAuthenticator()
      const { app, cache, clock } = cachedApp(authenticate)
      await whoami(app, goodAuth)
      cache.evictToken('Token:1')
      await whoami(app, goodAuth)
      expect(authenticate).toHaveBeenCalledTimes(2)
      clock.nowMs += 30_000
      await whoami(app, goodAuth)
      expect(authenticate).toHaveBeenCalledTimes(3)
    })

    it('remembers a rejection only for the failure TTL', async () => {
      const authenticate = stubAuthenticator()
      const { app, clock } = cachedApp(authenticate)
      const wrong = basicAuth('client1', 'wrong')
      expect((await whoami(app, wrong)).status).toBe(401)
      const repeated = await whoami(app, wrong)
      expect([repeated.status, await repeated.json()]).toEqual([401, expect.objectContaining({ code: 'UNAUTHORIZED' })])
      expect(authenticate).toHaveBeenCalledTimes(1)
      clock.nowMs += DEFAULT_FAILURE_TTL_MS
      expect((await whoami(app, wrong)).status).toBe(401)
      expect(authenticate).toHaveBeenCalledTimes(2)
    })
  })
})
