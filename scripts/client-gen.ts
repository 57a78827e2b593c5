/**
 * Generates the typed client's code (packages/client/src/generated) from the gateway's OpenAPI
 * document. The document comes from the gateway app built in-process on clients that are never
 * dialled (registering routes makes no call), so no mesh needs to run. With --check it fails when
 * the committed code differs from what the current routes generate, as `proto:check` does.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { buildApp, type GatewayDeps } from '../gateway/src/app.js'
import { AuthCache } from '../gateway/src/auth/auth-cache.js'
import { BASE_PATH, OPENAPI_DOCUMENT_PATH } from '../gateway/src/openapi.js'
import { createLogger } from '../libs/logging/src/index.js'
import type { OpenApiDocument } from '../packages/client/codegen/document.js'
import { generateClient } from '../packages/client/codegen/emit.js'

const root = join(import.meta.dirname, '..')
const target = join(root, 'packages/client/src/generated')
const isCheck = process.argv.includes('--check')

const files = generateClient(await gatewayDocument())
if (isCheck) {
  const stale = staleFiles(files)
  if (stale.length > 0) {
    console.error(`generated client code is stale; run pnpm client:gen\n  ${stale.join('\n  ')}`)
    process.exit(1)
  }
  console.log('generated client code is up to date')
} else {
  rmSync(target, { recursive: true, force: true })
  mkdirSync(target, { recursive: true })
  for (const [name, text] of Object.entries(files)) writeFileSync(join(target, name), text)
  console.log(`generated ${Object.keys(files).length} files into ${relative(root, target)}`)
}

async function gatewayDocument(): Promise<OpenApiDocument> {
  const app = buildApp(undialledDeps())
  const response = await app.request(`${BASE_PATH}${OPENAPI_DOCUMENT_PATH}`)
  if (!response.ok) throw new Error(`the gateway answered ${response.status} for its OpenAPI document`)
  return (await response.json()) as OpenApiDocument
}

/**
 * The gateway's dependencies with every gRPC client a stand-in: route registration only reads
 * their methods (to bind them), and serving the document calls none of them.
 */
function undialledDeps(): GatewayDeps {
  const undialled: unknown = new Proxy(() => {}, {
    // not thenable, or `await` would take it for a promise
    get: (_target, key) => (key === 'then' || typeof key === 'symbol' ? undefined : undialled),
    apply: () => {
      throw new Error('client-gen: a gRPC client was called while generating the document')
    },
  })
  const own: Partial<GatewayDeps> = {
    publicBaseUrl: 'http://localhost:3000',
    authCache: new AuthCache(() => Promise.reject(new Error('client-gen: no request is authenticated')), { ttlMs: 0, maxEntries: 1 }),
    logger: createLogger('client-gen', 'silent'),
  }
  return new Proxy(own, { get: (deps, key) => (key in deps ? deps[key as keyof GatewayDeps] : undialled) }) as GatewayDeps
}

function staleFiles(fresh: Record<string, string>): string[] {
  let committed: string[] = []
  try {
    committed = readdirSync(target)
  } catch {
    // nothing generated yet: every fresh file is missing
  }
  const names = new Set([...committed, ...Object.keys(fresh)])
  return [...names].sort().filter((name) => {
    try {
      return readFileSync(join(target, name), 'utf8') !== fresh[name]
    } catch {
      return true
    }
  })
}
