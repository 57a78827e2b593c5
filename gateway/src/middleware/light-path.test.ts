import { describe, expect, it } from 'vitest'
import { basicAuth, testLogger } from '../../test/support/framework-app.js'
import { createGatewayApp } from '../gateway-app.js'

/**
 * @hono/node-server hands Hono lightweight stand-ins for Request and Response and builds the real
 * objects only when something reads a request's body or copies a finished response. A request
 * without a body must pass every global middleware without either happening.
 */
describe('the light request path', () => {
  let answered: Response | undefined
  const app = createGatewayApp({
    logger: testLogger(),
    authenticate: async () => ({ platformId: 'Platform:1', environment: 'SANDBOX', tokenId: 'Token:1', permissions: ['VIEW'] }),
    registerRoutes(api) {
      api.get('/things', (c) => (answered = c.json({ data: [] })))
      api.delete('/things', (c) => (answered = c.json({ deleted: true })))
    },
  })

  /** A request whose body must not be looked at. */
  function untouchableBody(method: string, headers: Record<string, string> = {}): Request {
    const request = new Request('http://localhost/2025-10-13/things', { method, headers: { Authorization: basicAuth('client1', 'secret'), ...headers } })
    Object.defineProperty(request, 'body', {
      get() {
        throw new Error('the body of a request without one was read')
      },
    })
    return request
  }

  it('answers a GET with the response its handler built, request id included, without reading the body', async () => {
    const res = await app.fetch(untouchableBody('GET', { 'X-Request-Id': 'req-light' }))
    expect(res.status).toBe(200)
    expect(res).toBe(answered)
    expect(res.headers.get('X-Request-Id')).toBe('req-light')
  })

  it('settles a declared empty body from its headers', async () => {
    const res = await app.fetch(untouchableBody('DELETE', { 'Content-Length': '0' }))
    expect(res.status).toBe(200)
    expect(res).toBe(answered)
  })

  it('refuses a declared body over the limit from its headers', async () => {
    const res = await app.fetch(untouchableBody('DELETE', { 'Content-Length': String(2 * 1024 * 1024) }))
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
  })
})
