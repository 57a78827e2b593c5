import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { basicAuth, testApp } from '../../test/support/framework-app.js'
import type { Authenticator } from '../auth/authenticator.js'
import { acceptsGzip } from './docs-routes.js'

const principal = { platformId: 'Platform:1', environment: 'SANDBOX' as const, tokenId: 'Token:1', permissions: ['VIEW' as const] }
const acceptAll: Authenticator = async () => principal
const app = testApp(acceptAll)

/** The assets the page links, in the order it links them. */
async function linkedAssets(): Promise<string[]> {
  const page = await (await app.request('/docs')).text()
  return [...page.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]!)
}

describe('the API reference', () => {
  it.each(['/docs', '/2025-10-13/docs'])('serves the page at %s without credentials, under a CSP that allows only the gateway itself', async (path) => {
    const res = await app.request(path)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=UTF-8')
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
    const csp = res.headers.get('Content-Security-Policy')!
    const directives = new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources]))
    expect(directives.get('default-src')).toEqual(["'none'"])
    for (const name of ['script-src', 'style-src', 'connect-src', 'font-src']) expect(directives.get(name)).toEqual(["'self'"])
    // icons drawn from data: URLs are no fetch; nothing names another host, no inline script runs
    expect(directives.get('img-src')).toEqual(["'self'", 'data:'])
    expect(directives.get('frame-ancestors')).toEqual(["'none'"])
    expect(csp).not.toMatch(/https?:|\*|unsafe/)
    expect(await res.text()).not.toMatch(/<script>|https?:/)
  })

  it('links Swagger UI and its initializer from the gateway, each with its content type and cached for good', async () => {
    const links = await linkedAssets()
    expect(links).toEqual([
      expect.stringMatching(/^\/docs\/assets\/swagger-ui\.[0-9a-f]{12}\.css$/),
      expect.stringMatching(/^\/docs\/assets\/favicon-32x32\.[0-9a-f]{12}\.png$/),
      expect.stringMatching(/^\/docs\/assets\/swagger-ui-bundle\.[0-9a-f]{12}\.js$/),
      expect.stringMatching(/^\/docs\/assets\/docs-initializer\.[0-9a-f]{12}\.js$/),
    ])
    const types = { css: 'text/css; charset=utf-8', png: 'image/png', js: 'text/javascript; charset=utf-8' }
    for (const link of links) {
      const res = await app.request(link)
      expect(res.status, link).toBe(200)
      expect(res.headers.get('Content-Type')).toBe(types[link.split('.').pop() as keyof typeof types])
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0)
    }
  })

  it('starts Swagger UI on the live document, with no validator badge calling out', async () => {
    const initializer = (await linkedAssets()).find((link) => link.includes('docs-initializer'))!
    const script = await (await app.request(initializer)).text()
    expect(script).toContain('SwaggerUIBundle(')
    expect(script).toContain('url: "/2025-10-13/openapi.json"')
    expect(script).toContain('validatorUrl: null')
    expect((await app.request('/2025-10-13/openapi.json')).status).toBe(200)
  })

  it('sends the text assets gzipped to a client that accepts it, and plain to one that refuses it', async () => {
    const bundle = (await linkedAssets()).find((link) => link.includes('swagger-ui-bundle'))!
    const plain = Buffer.from(await (await app.request(bundle)).arrayBuffer())
    const gzipped = await app.request(bundle, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
    expect(gzipped.headers.get('Content-Encoding')).toBe('gzip')
    expect(gzipped.headers.get('Vary')).toBe('Accept-Encoding')
    const body = Buffer.from(await gzipped.arrayBuffer())
    expect(body.length).toBeLessThan(plain.length / 2)
    expect(gunzipSync(body).equals(plain)).toBe(true)
    const refused = await app.request(bundle, { headers: { 'Accept-Encoding': 'gzip;q=0, identity' } })
    expect(refused.headers.get('Content-Encoding')).toBeNull()
    expect(Buffer.from(await refused.arrayBuffer()).equals(plain)).toBe(true)
  })

  it('answers an asset it does not hold (an old fingerprint, a file of the package it does not serve) with 404 NOT_FOUND', async () => {
    for (const path of ['/docs/assets/swagger-ui-bundle.000000000000.js', '/docs/assets/swagger-ui-bundle.js', '/docs/assets/index.html', '/docs/assets/..%2Fpackage.json']) {
      const res = await app.request(path)
      expect(res.status, path).toBe(404)
      expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' })
    }
  })
})

describe('the base URL', () => {
  it.each(['/', '/2025-10-13'])('answers %s without credentials with where the reference and the document are', async (path) => {
    const res = await app.request(path)
    expect(res.status).toBe(200)
    const index = (await res.json()) as Record<string, string>
    expect(index).toEqual({ name: 'Payments Platform API', version: '2025-10-13', docs: '/docs', openapi: '/2025-10-13/openapi.json' })
    expect((await app.request(index.docs!)).status).toBe(200)
    expect((await app.request(index.openapi!)).headers.get('Content-Type')).toMatch(/^application\/json/)
  })

  it('leaves every other path under the base path behind credentials', async () => {
    expect((await app.request('/2025-10-13/whoami')).status).toBe(401)
    expect((await app.request('/2025-10-13/whoami', { headers: { Authorization: basicAuth('client1', 'secret') } })).status).toBe(200)
  })
})

describe('acceptsGzip', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['gzip', true],
    ['deflate, GZIP;q=0.5', true],
    ['*', true],
    ['br, *;q=0.1', true],
    ['gzip;q=0', false],
    ['gzip;q=0.000, *', false],
    ['identity', false],
  ])('%s → %s', (header, expected) => expect(acceptsGzip(header)).toBe(expected))
})
