import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { checkHealth } from '@pp/grpc'
import { createTestDatabase, freePort, repoRoot, testConnections, waitUntil } from '@pp/testing'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * `pnpm new-service` on a copy of the repository (its tracked and unignored files, each package's
 * node_modules linked to this checkout's): the generated service type-checks, keeps the layering
 * rules, the deploy tests pass with it, and it starts as a process, migrates its database and
 * answers its gRPC health check. What `pnpm install` would do for the new package (link its
 * dependencies) is done by linking the agents service's, whose dependencies are a superset of the
 * skeleton's; its @pp/proto is the copy's, which holds the regenerated code.
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

  it('starts as a process, migrates its database and answers its health check', async () => {
    const { natsUrl } = await testConnections()
    const database = await createTestDatabase(`${NAME}_scaffold`)
    const address = `127.0.0.1:${await freePort()}`
    const env = { ...process.env, DATABASE_URL: database.url, GRPC_ADDRESS: address, NATS_URL: natsUrl, LOG_LEVEL: 'info' }
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '--conditions=development', `services/${NAME}/src/main.ts`], { cwd: copy, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout!.on('data', (chunk) => (output += String(chunk)))
    child.stderr!.on('data', (chunk) => (output += String(chunk)))
    const exited = new Promise((resolve) => child.once('exit', resolve))
    try {
      await waitUntil(() => checkHealth(address), `${NAME} at ${address}\n${output}`, 60_000)
      expect(output).toContain('database migrated')
      expect(await tablesOf(database.url)).toEqual(['_prisma_migrations', 'idempotency_keys', 'outbox_events'])
      child.kill('SIGTERM')
      await exited
      expect(child.exitCode).toBe(0)
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
      await exited
      await database.drop()
    }
  }, 120_000)
})
