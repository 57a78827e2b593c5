import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, extname, join } from 'node:path'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'

/** A file the reference page loads, held in memory under a name that changes with its content. */
export interface Asset {
  /** The name the page links, fingerprinted (`swagger-ui-bundle.3f2a9c1b7d0e.js`): a cached copy is never stale. */
  name: string
  contentType: string
  body: Uint8Array<ArrayBuffer>
  /** The gzip of a text asset, made on the first request that accepts it and kept; undefined for images. */
  gzipped?: () => Promise<Uint8Array<ArrayBuffer>>
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
}

const gzipAsync = promisify(gzip)

/** Holds `body` as the asset `file`; gzips text lazily, off the event loop, once. */
export function asset(file: string, body: Uint8Array<ArrayBuffer>): Asset {
  const extension = extname(file)
  const contentType = CONTENT_TYPES[extension]
  if (!contentType) throw new Error(`no content type for the docs asset ${file}`)
  const fingerprint = createHash('sha256').update(body).digest('hex').slice(0, 12)
  let compressed: Promise<Uint8Array<ArrayBuffer>> | undefined
  return {
    name: `${file.slice(0, -extension.length)}.${fingerprint}${extension}`,
    contentType,
    body,
    gzipped: contentType.startsWith('text/') ? () => (compressed ??= gzipAsync(body)) : undefined,
  }
}

/** Swagger UI's files the page loads: the bundle (no standalone preset: the page shows one document). */
export interface RendererAssets {
  script: Asset
  style: Asset
  icon: Asset
}

let renderer: RendererAssets | undefined

/**
 * Reads Swagger UI's files from the swagger-ui-dist package the gateway depends on, once per
 * process (about 2 MB), so serving them never touches the disk. A missing package fails at start.
 */
export function rendererAssets(): RendererAssets {
  if (renderer) return renderer
  const folder = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
  const read = (file: string) => asset(file, readFileSync(join(folder, file)))
  renderer = { script: read('swagger-ui-bundle.js'), style: read('swagger-ui.css'), icon: read('favicon-32x32.png') }
  return renderer
}
