import { randomBytes } from 'node:crypto'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, startProcess, waitUntil } from '@pp/testing'
import pg from 'pg'
import { afterAll, expect, it } from 'vitest'
import { embeddedPostgres } from '../../scripts/mesh/postgres.js'

/**
 * `pnpm start` after an unclean stop: the embedded Postgres of the last run still running on its
 * data directory, or its `postmaster.pid` left behind, and a port someone else holds.
 */
const dir = join(tmpdir(), `pp-start-pg-${randomBytes(4).toString('hex')}`)
const lockFile = join(dir, 'postmaster.pid')

afterAll(() => rmSync(dir, { recursive: true, force: true }))

const answers = async (url: string): Promise<boolean> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.end()
  return true
}
const pidInLock = (): number => Number(readFileSync(lockFile, 'utf8').split('\n')[0])
/** Whether `pid` is a Postgres on this test's directory (a process that exited, zombie or gone, is not). */
const runsOnDir = (pid: number): boolean => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dir)
  } catch {
    return false
  }
}

it('stops the server a killed run left running and starts its own', async () => {
  const port = await freePort()
  const previous = startProcess('previous-run', 'test/start/previous-run.ts', { PG_DIR: dir, PG_PORT: String(port) })
  await waitUntil(async () => previous.output().includes('ready'), `the previous run's Postgres\n${previous.output()}`, 60_000)
  await previous.stop('SIGKILL')
  const orphan = pidInLock()
  expect(runsOnDir(orphan)).toBe(true)

  const server = await embeddedPostgres(dir, port)
  await server.start()
  try {
    expect(runsOnDir(orphan)).toBe(false)
    expect(pidInLock()).not.toBe(orphan)
    expect(await answers(server.url)).toBe(true)
  } finally {
    await server.stop()
  }
}, 90_000)

it('removes a postmaster.pid whose PID another process has taken since', async () => {
  // this test's own process: alive, and no Postgres
  writeFileSync(lockFile, `${process.pid}\n${dir}\n`)
  const server = await embeddedPostgres(dir, await freePort())
  await server.start()
  try {
    expect(pidInLock()).not.toBe(process.pid)
  } finally {
    await server.stop()
  }
}, 30_000)

it('says what failed and what to do when the port is taken', async () => {
  const port = await freePort()
  const squatter = createServer().listen(port, '127.0.0.1')
  const server = await embeddedPostgres(dir, port)
  await expect(server.start()).rejects.toThrow(/Address already in use[\s\S]*Another program listens on port/)
  squatter.close()
}, 30_000)
