import pg from 'pg'

export interface SqlCounter {
  /** How the statements are counted, for the report. */
  method: string
  read(): Promise<number>
  close(): Promise<void>
}

/**
 * Counts the SQL the mesh's databases run: pg_stat_statements calls where the extension is
 * loaded (every statement), else committed and rolled-back transactions from pg_stat_database
 * (a statement outside a transaction block is one transaction; a block of several counts once).
 * It reads from the server's maintenance database, so its own queries are not counted.
 */
export async function openSqlCounter(serverUrl: string, databases: string[]): Promise<SqlCounter> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  const count = async (sql: string) => Number((await client.query<{ n: string }>(sql, [databases])).rows[0]?.n ?? 0)
  const statements =
    'SELECT sum(s.calls) AS n FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = ANY($1)'
  const transactions = 'SELECT sum(xact_commit + xact_rollback) AS n FROM pg_stat_database WHERE datname = ANY($1)'
  const hasStatements = await count(statements).then(
    () => true,
    () => false,
  )
  return {
    method: hasStatements ? 'pg_stat_statements calls' : 'pg_stat_database xact_commit + xact_rollback (pg_stat_statements not loaded)',
    read: () => count(hasStatements ? statements : transactions),
    close: () => client.end(),
  }
}
