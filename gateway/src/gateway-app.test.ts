import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it, vi } from 'vitest'
import { basicAuth, testApp, testLogger } from '../test/support/framework-app.js'
import type { Authenticator } from './auth/authenticator.js'

const principal = { platformId: 'Platform:1', environment: 'SANDBOX' as const, tokenId: 'Token:1', permissions: ['VIEW' as const] }
const acceptAll: Authenticator = async () => principal
const auth = { Authorization: basicAuth('client1', 'secret') }

describe('gateway app', () => {
  describe('request id', () => {
    it('makes one when the caller sends none and passes it to handlers', async () => {
      const res = await testApp(acceptAll).request('/2025-10-13/whoami', { headers: auth })
      expect(res.status).toBe(200)
      expect(res.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/)
    })

    it('echoes a sane incoming id, also on 404 and 401 answers', async () => {
      const app = testApp(acceptAll)
      const headers = { 'X-Request-Id': 'req_abc-123' }
      expect((await app.request('/2025-10-13/whoami', { headers: { ...headers, ...auth } })).headers.get('X-Request-Id')).toBe('req_abc-123')
      expect((await app.request('/nowhere', { headers })).headers.get('X-Request-Id')).toBe('req_abc-123')
      const unauthorized = await app.request('/2025-10-13/whoami', { headers })
      expect(unauthorized.status).toBe(401)
      expect(unauthorized.headers.get('X-Request-Id')).toBe('req_abc-123')
    })

    it('replaces an id that is too long or carries odd characters', async () => {
      const app = testApp(acceptAll)
      for (const incoming of ['x'.repeat(129), 'has spaces', '<script>']) {
        const res = await app.request('/healthz', { headers: { 'X-Request-Id': incoming } })
        expect(res.headers.get('X-Request-Id')).not.toBe(incoming)
        expect(res.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/)
      }
    })
  })

  describe('unknown routes', () => {
    it.each([
      ['an unknown path', 'GET', '/nowhere'],
      ['an unknown path under the base path', 'GET', '/2025-10-13/nowhere'],
      ['a known path with another method', 'DELETE', '/2025-10-13/whoami'],
      ['another version segment', 'GET', '/2024-01-01/whoami'],
    ])('answers %s with 404 NOT_FOUND', async (_, method, path) => {
      const res = await testApp(acceptAll).request(path, { method, headers: auth })
      expect(res.status).toBe(404)
      expect(await res.json()).toMatchObject({ code: 'NOT_FOUND', details: {} })
    })

    it('asks for credentials before telling what exists under the base path', async () => {
      const res = await testApp(acceptAll).request('/2025-10-13/nowhere')
      expect(res.status).toBe(401)
    })
  })

  describe('unexpected failures', () => {
    it('answers 500 INTERNAL_ERROR without our message or stack and logs it with the request id', async () => {
      const logger = testLogger()
      const logged = vi.spyOn(logger, 'error')
      const res = await testApp(acceptAll, logger).request('/2025-10-13/boom', { headers: { ...auth, 'X-Request-Id': 'req-500' } })
      expect(res.status).toBe(500)
      expect(res.headers.get('X-Request-Id')).toBe('req-500')
      const text = await res.text()
      expect(JSON.parse(text)).toEqual({ status: 500, code: 'INTERNAL_ERROR', message: 'Internal error', reason: 'Internal error', details: {} })
      expect(text).not.toMatch(/hunter2|stack|at /)
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ requestId: 'req-500', err: expect.any(Error) }), 'request failed')
    })
  })

  describe('public endpoints', () => {
    it('answers the health check without credentials', async () => {
      const res = await testApp(acceptAll).request('/healthz')
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ status: 'ok' })
    })

    it('serves a valid OpenAPI 3.1 document without credentials', async () => {
      const authenticate = vi.fn(acceptAll)
      const res = await testApp(authenticate).request('/2025-10-13/openapi.json')
      expect(res.status).toBe(200)
      expect(authenticate).not.toHaveBeenCalled()
      const document = (await res.json()) as Record<string, any>
      const validation = await new Validator().validate(document)
      expect(validation.errors).toBeUndefined()
      expect(validation.valid).toBe(true)
      expect(document.openapi).toMatch(/^3\.1\./)
      expect(document.info.version).toBe('2025-10-13')
      expect(document.servers).toEqual([{ url: '/2025-10-13', description: 'This server' }])
      expect(document.security).toEqual([{ BasicAuth: [] }])
      expect(document.components.securitySchemes.BasicAuth).toMatchObject({ type: 'http', scheme: 'basic' })
      expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/things/{thingId}', '/whoami']))
      expect(document.paths['/things/{thingId}'].post.responses['400']).toBeDefined()
    })
  })
})
