import { withDatabase } from '@pp/db'
import pg from 'pg'

const CHECK_INTERVAL_MS = 5_000

// autovacuum's own rule: a table is vacuumed (analyzed) once its dead (changed) rows exceed
// threshold + scale factor × its rows, the table's settings before the server's
const DUE_TABLES = `
  WITH settings AS (
    SELECT s.relname, s.n_dead_tup, s.n_mod_since_analyze, greatest(c.reltuples, 0) AS reltuples,
           (SELECT split_part(o, '=', 2)::float8 FROM unnest(c.reloptions) o WHERE o LIKE 'autovacuum_vacuum_threshold=%') AS vt,
           (SELECT split_part(o, '=', 2)::float8 FROM unnest(c.reloptions) o WHERE o LIKE 'autovacuum_vacuum_scale_factor=%') AS vs,
           (SELECT split_part(o, '=', 2)::float8 FROM unnest(c.reloptions) o WHERE o LIKE 'autovacuum_analyze_threshold=%') AS at,
           (SELECT split_part(o, '=', 2)::float8 FROM unnest(c.reloptions) o WHERE o LIKE 'autovacuum_analyze_scale_factor=%') AS as_
      FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
  )
  SELECT relname,
         n_dead_tup > coalesce(vt, current_setting('autovacuum_vacuum_threshold')::float8)
                      + coalesce(vs, current_setting('autovacuum_vacuum_scale_factor')::float8) * reltuples AS "needsVacuum",
         n_mod_since_analyze > coalesce(at, current_setting('autovacuum_analyze_threshold')::float8)
                      + coalesce(as_, current_setting('autovacuum_analyze_scale_factor')::float8) * reltuples AS "needsAnalyze"
    FROM settings`

export interface AutovacuumStandIn {
  /** Why it runs, or that it does not, for the report. */
  description: string
  stop(): Promise<void>
}

/**
 * Stands in for autovacuum when the server runs without it (this machine's CI configuration turns
 * it off), so that the figures are those of a running installation, not of tables that never lose
 * a dead row: every few seconds it vacuums or analyzes, in each database, the tables autovacuum
 * would pick by its own rule and their own settings. Its statements run on the databases it
 * maintains, and their CPU is counted with theirs, as autovacuum's workers' would be on the server.
 */
export async function startAutovacuumStandIn(serverUrl: string, databases: string[]): Promise<AutovacuumStandIn> {
  const probe = new pg.Client({ connectionString: serverUrl })
  await probe.connect()
  const isOn = (await probe.query<{ autovacuum: string }>('SHOW autovacuum')).rows[0]?.autovacuum === 'on'
  await probe.end()
  if (isOn) return { description: "the server's autovacuum", stop: async () => undefined }

  const clients = await Promise.all(
    databases.map(async (database) => {
      const client = new pg.Client({ connectionString: withDatabase(serverUrl, database) })
      await client.connect()
      return client
    }),
  )
  const maintain = async (client: pg.Client) => {
    const { rows } = await client.query<{ relname: string; needsVacuum: boolean; needsAnalyze: boolean }>(DUE_TABLES)
    for (const table of rows) {
      if (table.needsVacuum) await client.query(`VACUUM (ANALYZE) "${table.relname}"`)
      else if (table.needsAnalyze) await client.query(`ANALYZE "${table.relname}"`)
    }
  }
  let round = Promise.resolve()
  const timer = setInterval(() => {
    round = round
      .then(() => Promise.all(clients.map(maintain)))
      .then(() => undefined, (err: Error) => console.warn(`[bench] autovacuum stand-in: ${err.message}`))
  }, CHECK_INTERVAL_MS)
  return {
    description: `autovacuum is off on this server: the bench applies its rule every ${CHECK_INTERVAL_MS / 1000} s from the load phases on`,
    async stop() {
      clearInterval(timer)
      await round
      await Promise.all(clients.map((client) => client.end()))
    },
  }
}
