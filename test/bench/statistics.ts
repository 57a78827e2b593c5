import { withDatabase } from '@pp/db'
import pg from 'pg'
import { meshServices } from '../../scripts/mesh/services.js'

/**
 * Refreshes the planner's statistics in every mesh database, as autovacuum does within a minute
 * of a table's growth in a running installation. A mesh started on new databases plans its
 * statements, and caches the foreign-key checks' plans, on empty tables; measured here, until the
 * first ANALYZE those checks scan the growing transfer tables and a ledger transfer costs Postgres
 * ~4-5 ms of CPU instead of ~1.6 ms. The bench measures the running installation, not that minute.
 */
export async function refreshStatistics(serverUrl: string): Promise<void> {
  for (const service of meshServices) {
    const client = new pg.Client({ connectionString: withDatabase(serverUrl, service.name) })
    await client.connect()
    try {
      await client.query('ANALYZE')
    } finally {
      await client.end()
    }
  }
}
