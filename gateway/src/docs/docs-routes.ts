import type { Context, Hono } from 'hono'
import type { GatewayApp, GatewayEnv } from '../context.js'
import { API_TITLE, API_VERSION, BASE_PATH, OPENAPI_DOCUMENT_PATH } from '../openapi.js'
import { rendererAssets, type Asset } from './reference-assets.js'
import { initializerScript, referencePage } from './reference-page.js'

export const DOCS_PATH = '/docs'
export const DOCS_ASSETS_PATH = `${DOCS_PATH}/assets`

/**
 * Everything the page may load, and only from the gateway itself: the renderer works offline and
 * a compromised dependency cannot send the credentials typed into it anywhere else. Swagger UI
 * draws its icons as data: URLs.
 */
export const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/** Fingerprinted names never change content: a browser or proxy may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * The interactive API reference (Swagger UI rendering the live OpenAPI document, with "Try it
 * out" against this gateway) at /docs and under the base path, and the base URL's index pointing
 * to it, all without credentials. `api` is the versioned sub-app: register before its
 * authentication middleware, as the document itself is.
 */
export function serveApiReference(app: Hono<GatewayEnv>, api: GatewayApp): void {
  const documentUrl = `${BASE_PATH}${OPENAPI_DOCUMENT_PATH}`
  const renderer = rendererAssets()
  const initializer = initializerScript(documentUrl)
  const assets = new Map<string, Asset>([renderer.script, renderer.style, renderer.icon, initializer].map((a) => [a.name, a]))
  const page = referencePage(`${API_TITLE} reference`, DOCS_ASSETS_PATH, { ...renderer, initializer })

  const index = { name: API_TITLE, version: API_VERSION, docs: DOCS_PATH, openapi: documentUrl }
  app.get('/', (c) => c.json(index))
  api.get('/', (c) => c.json(index))

  const showPage = (c: Context) => {
    // the page names the assets of this process: revalidated, so a new release's names are seen
    c.header('Cache-Control', 'no-cache')
    c.header('Content-Security-Policy', DOCS_CSP)
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Referrer-Policy', 'no-referrer')
    return c.html(page)
  }
  app.get(DOCS_PATH, showPage)
  api.get(DOCS_PATH, showPage)

  app.get(`${DOCS_ASSETS_PATH}/:name`, async (c) => {
    const found = assets.get(c.req.param('name'))
    if (!found) return c.notFound()
    c.header('Content-Type', found.contentType)
    c.header('Cache-Control', IMMUTABLE)
    c.header('X-Content-Type-Options', 'nosniff')
    if (!found.gzipped) return c.body(found.body)
    c.header('Vary', 'Accept-Encoding')
    if (!acceptsGzip(c.req.header('Accept-Encoding'))) return c.body(found.body)
    c.header('Content-Encoding', 'gzip')
    return c.body(await found.gzipped())
  })
}

/** Whether an Accept-Encoding gives gzip a weight above zero, by name or through `*`. */
export function acceptsGzip(header: string | undefined): boolean {
  const weights = new Map(
    (header ?? '').split(',').map((entry) => {
      const [coding = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase())
      const weight = params.find((p) => p.startsWith('q='))
      return [coding, weight === undefined ? 1 : Number(weight.slice(2))] as const
    }),
  )
  const weight = weights.get('gzip') ?? weights.get('*')
  return weight !== undefined && weight > 0
}
