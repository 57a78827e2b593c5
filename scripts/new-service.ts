/**
 * `pnpm new-service NAME`: lays out a new service (README, "Adding a service"). It writes the
 * service's folder and proto (scaffold/service-files.ts), joins it to the mesh, the compose file,
 * deploy/k8s and README's configuration (scaffold/mesh-edits.ts) on the next free gRPC port, and
 * regenerates the proto code. Every file is computed before any is written: a name that exists or
 * is not kebab-case, or an anchor line missing from a file it edits, stops it with nothing changed.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { meshServices } from './mesh/services.js'
import { ScaffoldError } from './scaffold/edit.js'
import { meshEdits } from './scaffold/mesh-edits.js'
import { nameProblem, namesOf, type ServiceNames } from './scaffold/names.js'
import { serviceFiles, type SiblingPackage } from './scaffold/service-files.js'

/** The service whose package.json scripts and dependency versions the new one takes. */
const SIBLING = 'agents'

/** The files to write, from the repository as it is; throws ScaffoldError when the service cannot be added. */
export function scaffold(root: string, name: string, now: Date): { names: ServiceNames; files: Record<string, string> } {
  const folders = readdirSync(join(root, 'services'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)
  const existing = [...new Set([...meshServices.map((s) => s.name), ...folders])]
  const problem = nameProblem(name, existing)
  if (problem) throw new ScaffoldError(problem)
  const taken = meshServices.flatMap((s) => [s.grpcPort, ...(s.operatorPort === undefined ? [] : [s.operatorPort])])
  const grpcPort = Math.max(...meshServices.map((s) => s.grpcPort)) + 1
  if (taken.includes(grpcPort)) throw new ScaffoldError(`the next gRPC port, ${grpcPort}, is an operator port already`)
  const names = namesOf(name, grpcPort)
  const sibling = JSON.parse(readFileSync(join(root, 'services', SIBLING, 'package.json'), 'utf8')) as SiblingPackage
  const created = serviceFiles(names, sibling, now)
  const present = Object.keys(created).filter((path) => existsSync(join(root, path)))
  if (present.length > 0) throw new ScaffoldError(`these exist already: ${present.join(', ')}`)
  const read = (path: string) => readFileSync(join(root, path), 'utf8')
  const edited = meshEdits(names, read, meshServices.map((s) => s.name))
  return { names, files: { ...created, ...edited } }
}

function nextSteps(n: ServiceNames): string {
  return `
services/${n.name} joins the mesh on gRPC port ${n.grpcPort}. Next, by hand:
  1. pnpm install            links @pp/${n.name} and generates its Prisma client
  2. pnpm lint && pnpm vitest run services/${n.name}
  3. Its API: proto/${n.snake}/v1/${n.snake}.proto (then pnpm proto:gen), a use case per file in
     src/domain/, its tables in prisma/ (a new migration folder, never an edit of the first).
     Each port in src/domain/deps.ts; providers in src/providers/<kind>/, clients of other
     services in src/clients/ (docs/conventions.md, "Providers and ports").
  4. Its callers: each method's in src/rpc/callers.ts, and each caller's pod in its NetworkPolicy
     (deploy/k8s/network-policies.yaml; the gateway alone now). A service it calls lists it in
     that service's callers.ts and NetworkPolicy.
  5. The gateway: ${n.constant}_GRPC_ADDRESS in gateway/src/config.ts, its client in
     gateway/src/grpc/clients.ts, and its routes in gateway/src/routes/<area>.ts registered in
     gateway/src/app.ts. Its configuration rows in README ("Configuration").`
}

function main(): void {
  const name = process.argv[2]
  if (!name || process.argv.length > 3) {
    console.error('usage: pnpm new-service NAME   (kebab-case, e.g. loyalty or gift-cards)')
    process.exit(2)
  }
  const root = join(import.meta.dirname, '..')
  try {
    const { names, files } = scaffold(root, name, new Date())
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), text)
      console.log(`wrote ${path}`)
    }
    execFileSync(join(root, 'node_modules/.bin/tsx'), ['scripts/proto-gen.ts'], { cwd: root, stdio: 'inherit' })
    console.log(nextSteps(names))
  } catch (err) {
    if (!(err instanceof ScaffoldError)) throw err
    console.error(`pnpm new-service: ${err.message}`)
    process.exit(1)
  }
}

if (process.argv[1] === import.meta.filename) main()
