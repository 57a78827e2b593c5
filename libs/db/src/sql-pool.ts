import pg from 'pg'
import { watchPool } from './pool-metrics.js'

/** int8 and numeric columns as the exact values the domain keeps: bigint, and decimal strings. */
const INT8_OID = 20
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID) return (value: string) => BigInt(value)
    return pg.types.getTypeParser(oid, format)
  },
}

/** A statement the driver prepares once per connection and then only executes (no parse, no plan). */
export interface PreparedStatement {
  name: string
  text: string
}

/** Names a hot statement. Names are global per connection, so each must be unique in its service. */
export const prepared = (name: string, text: string): PreparedStatement => ({ name, text })

/** What runs statements: the pool (each its own transaction) or one connection inside a transaction. */
export interface SqlRunner {
  query<R extends object>(statement: PreparedStatement, values: unknown[]): Promise<R[]>
}

export interface SqlPool extends SqlRunner {
  /** Runs `work` in one transaction on one connection: BEGIN, the work, COMMIT (ROLLBACK when it throws). */
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T>
  end(): Promise<void>
}

/**
 * The hot-path driver of a service: `pg` with prepared statements, bigints for int8. Prisma stays
 * the schema, the migrations and the cold paths; measured here, a prepared primary-key SELECT
 * costs ~60 µs of Node CPU where a Prisma 7 `findFirst` costs ~350 µs.
 */
export interface SqlPoolOptions {
  /**
   * False: commits return before their WAL is flushed, so a crash may forget the last few
   * milliseconds of them (never half of one). Only for writes that a crash may repeat.
   */
  synchronousCommit?: boolean
}

export function createSqlPool(url: string, max = 10, { synchronousCommit = true }: SqlPoolOptions = {}): SqlPool {
  const options = synchronousCommit ? undefined : '-c synchronous_commit=off'
  const pool = new pg.Pool({ connectionString: url, max, types, options })
  watchPool(pool, synchronousCommit ? 'sql' : 'sql-async-commit')
  // An idle connection that Postgres closes (a restart, an administrator, a dropped test database
  // while end() is still closing it) is already out of the pool, which connects anew when asked:
  // nothing to do, but unheard, the pool's 'error' event would end the process.
  pool.on('error', () => undefined)
  const runnerOf = (client: pg.Pool | pg.PoolClient): SqlRunner => ({
    async query<R extends object>(statement: PreparedStatement, values: unknown[]): Promise<R[]> {
      const result = await client.query<R>({ name: statement.name, text: statement.text, values })
      return result.rows
    },
  })
  return {
    ...runnerOf(pool),
    async transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> {
      const client = await pool.connect()
      // Postgres may close the connection while the work awaits something else (a restart ends
      // every session): unheard, the checked-out client's 'error' event would end the process.
      // The next statement fails instead, and the pool drops the broken client on release.
      const ignoreClosed = (): void => undefined
      client.on('error', ignoreClosed)
      try {
        await client.query('BEGIN')
        const result = await work(runnerOf(client))
        await client.query('COMMIT')
        return result
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw err
      } finally {
        client.off('error', ignoreClosed)
        client.release()
      }
    },
    end: () => pool.end(),
  }
}

/** A Prisma client or interactive transaction running the same statements, for code shared by both drivers. */
export const prismaRunner = (client: { $queryRawUnsafe<T>(query: string, ...values: unknown[]): Promise<T> }): SqlRunner => ({
  query: <R extends object>(statement: PreparedStatement, values: unknown[]) => client.$queryRawUnsafe<R[]>(statement.text, ...values),
})
