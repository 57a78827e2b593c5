import { describe, expect, it } from 'vitest'
import { basicAuth, registerTestRoutes, testLogger } from '../../test/support/framework-app.js'
import type { Authenticator } from '../auth/authenticator.js'
import { createGatewayApp } from '../gateway-app.js'
import { TokenBuckets } from '../rate-limit/token-buckets.js'

/** Each client id is a token of its own. */
const authenticate: Authenticator = async ({ clientId }) => ({ platformId: 'Platform:1', environment: 'SANDBOX', tokenId: `Token:${clientId}`, permissions: ['VIEW'] })

function limitedApp(perSecond: number, burst: number) {
  const clock = { nowMs: 0 }
  const rateLimits = new TokenBuckets({ perSecond, burst, nowMs: () => clock.nowMs })
  const app = createGatewayApp({ logger: testLogger(), authenticate, registerRoutes: registerTestRoutes, rateLimits })
  const whoami = (clientId: string) => app.request('/2025-10-13/whoami', { headers: { Authorization: basicAuth(clientId, 'secret') } })
  return { app, clock, rateLimits, whoami }
}

describe('the per-credential rate limit', () => {
  it('answers 429 RATE_LIMITED with Retry-After past a token burst, until the bucket refills', async () => {
    const { clock, whoami } = limitedApp(1, 3)
    for (let i = 0; i < 3; i += 1) expect((await whoami('client1')).status).toBe(200)
    const limited = await whoami('client1')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toBe('1')
    const reason = 'Too many requests with these credentials; retry after the interval in Retry-After'
    expect(await limited.json()).toEqual({ status: 429, code: 'RATE_LIMITED', reason, message: reason, details: { retryAfterSeconds: 1 } })
    clock.nowMs += 1_000
    expect((await whoami('client1')).status).toBe(200)
  })

  it("leaves another token's requests alone", async () => {
    const { whoami } = limitedApp(1, 2)
    await whoami('client1')
    await whoami('client1')
    expect((await whoami('client1')).status).toBe(429)
    expect((await whoami('client2')).status).toBe(200)
  })

  it("counts other replicas' use: a token they spent waits longer here", async () => {
    const { rateLimits, whoami } = limitedApp(2, 10)
    rateLimits.debit('Token:client1', 15)
    const limited = await whoami('client1')
    expect([limited.status, limited.headers.get('Retry-After')]).toEqual([429, '3'])
  })

  it('counts no request without valid credentials, nor the public document', async () => {
    const { app, whoami } = limitedApp(1, 1)
    for (let i = 0; i < 3; i += 1) {
      expect((await app.request('/2025-10-13/whoami')).status).toBe(401)
      expect((await app.request('/2025-10-13/openapi.json')).status).toBe(200)
    }
    expect((await whoami('client1')).status).toBe(200)
  })
})
