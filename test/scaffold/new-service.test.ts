import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { checkHealth } from '@pp/grpc'
import { withDatabase } from '@pp/db'
import { dropDatabase, repoRoot, testConnections } from '@pp/testing'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { meshServices } from '../../scripts/mesh/services.js'
import { startLocalMesh } from '../bench/mesh.js'

/**
 * `pnpm new-service` on a copy of the repository (its tracked and unignored files, each package's
 * node_modules linked to this checkout's): the generated service type-checks, keeps the layering
 * rules, the deploy tests pass with it, and `pnpm start` (the copy's start script) runs it with the
 * rest of the mesh: it migrates its database and answers its gRPC health check. What `pnpm install`
 * would do for the new package (link its dependencies) is done by linking the agents service's,
 * whose dependencies are a superset of the skeleton's; its @pp/proto is the copy's, which holds
 * the regenerated code.
 */
const NAME = 'loyalty'
const bin = (tool: string) => join(repoRoot, 'node_modules/.bin', tool)
let copy = ''

function copyRepository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'new-service-'))
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot, encoding: 'utf8' }).split('\0').filter(Boolean)
  for (const file of files) {
    if (!existsSync(join(repoRoot, file))) continue // deleted in the work tree, not yet in the index
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    cpSync(join(repoRoot, file), join(dir, file))
  }
  const packages = ['.', 'gateway', ...['libs', 'services', 'tools', 'packages'].flatMap((group) => readdirSync(join(repoRoot, group)).map((name) => `${group}/${name}`))]
  for (const pkg of packages) {
    if (existsSync(join(repoRoot, pkg, 'node_modules'))) symlinkSync(join(repoRoot, pkg, 'node_modules'), join(dir, pkg, 'node_modules'))
    // the other services' Prisma clients, which the layering check reads
    if (existsSync(join(repoRoot, pkg, 'src/db/generated'))) cpSync(join(repoRoot, pkg, 'src/db/generated'), join(dir, pkg, 'src/db/generated'), { recursive: true })
  }
  return dir
}

/** Stands in for `pnpm install` of the new package: its dependencies linked, its Prisma client generated. */
function installNewService(root: string): void {
  const siblingModules = join(repoRoot, 'services/agents/node_modules')
  const manifest = JSON.parse(readFileSync(join(root, 'services', NAME, 'package.json'), 'utf8')) as Record<'dependencies' | 'devDependencies', Record<string, string>>
  const modules = join(root, 'services', NAME, 'node_modules')
  for (const dependency of [...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)]) {
    const target = dependency === '@pp/proto' ? join(root, 'libs/proto') : join(siblingModules, dependency)
    expect(existsSync(target), `${dependency} is not among the agents service's dependencies`).toBe(true)
    mkdirSync(dirname(join(modules, dependency)), { recursive: true })
    symlinkSync(target, join(modules, dependency))
  }
  mkdirSync(join(modules, '.bin'))
  symlinkSync(join(siblingModules, '.bin/prisma'), join(modules, '.bin/prisma'))
  execFileSync(process.execPath, ['../../scripts/prisma-generate.mjs'], { cwd: join(root, 'services', NAME), stdio: 'pipe' })
}

async function tablesOf(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name")
    return rows.map((r) => r.table_name)
  } finally {
    await client.end()
  }
}

const generate = (name: string) => spawnSync(bin('tsx'), ['scripts/new-service.ts', name], { cwd: copy, encoding: 'utf8' })

beforeAll(() => {
  copy = copyRepository()
  const run = generate(NAME)
  expect(run.status, run.stderr).toBe(0)
  installNewService(copy)
}, 120_000)

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true })
})

describe('pnpm new-service', () => {
  it('refuses a name that exists or is not kebab-case, changing nothing', () => {
    const before = readFileSync(join(copy, 'scripts/mesh/services.ts'), 'utf8')
    for (const [name, reason] of [[NAME, 'exists already'], ['agents', 'exists already'], ['Gift_Cards', 'not kebab-case'], ['gateway', 'identity of the mesh']]) {
      const run = generate(name!)
      expect(run.status).toBe(1)
      expect(run.stderr).toContain(reason)
    }
    expect(readFileSync(join(copy, 'scripts/mesh/services.ts'), 'utf8')).toBe(before)
  })

  it('writes a service that type-checks, keeps the layering rules and whose proto passes buf lint', () => {
    execFileSync(bin('tsc'), ['--noEmit', '-p', `services/${NAME}/tsconfig.json`], { cwd: copy, stdio: 'pipe' })
    execFileSync(bin('tsx'), ['scripts/check-layers.ts'], { cwd: copy, stdio: 'pipe' })
    execFileSync(bin('buf'), ['lint', 'proto'], { cwd: copy, stdio: 'pipe' })
  }, 120_000)

  it('joins the mesh so that the deploy tests pass with it', () => {
    expect(readFileSync(join(copy, 'scripts/mesh/services.ts'), 'utf8')).toContain(`{ name: '${NAME}', grpcPort: 50060 }`)
    writeFileSync(join(copy, 'vitest.deploy.config.ts'), "export default { test: { include: ['test/deploy/*.test.ts'] } }\n")
    const run = spawnSync(bin('vitest'), ['run', '--config', 'vitest.deploy.config.ts'], { cwd: copy, encoding: 'utf8' })
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0)
  }, 120_000)

  it('starts with the mesh of `pnpm start`, migrates its database and answers its health check', async () => {
    const { databaseUrl } = await testConnections()
    const loyalty = { name: NAME, grpcPort: 50060 }
    // the copy's start script, which runs every service of the copy's list, the new one among them,
    // and answers only once each has answered its health check and the gateway an authenticated request
    // the new service's database is named by it, as pnpm start names each: one an earlier run left holds another first migration
    await dropDatabase(databaseUrl, NAME)
    const mesh = await startLocalMesh({ root: copy, services: [...meshServices, loyalty], postgresUrl: databaseUrl })
    try {
      expect(await checkHealth(mesh.grpcAddresses[NAME]!)).toBe(true)
      expect(mesh.output().some((line) => line.includes(`[${NAME}]`) && line.includes('database migrated'))).toBe(true)
      expect(await tablesOf(withDatabase(databaseUrl, NAME))).toEqual(['_prisma_migrations', 'idempotency_keys', 'outbox_events'])
    } finally {
      await mesh.stop()
      await dropDatabase(databaseUrl, NAME)
    }
    expect(await checkHealth(mesh.grpcAddresses[NAME]!)).toBe(false)
  }, 240_000)
})
