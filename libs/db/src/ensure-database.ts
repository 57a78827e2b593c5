import pg from 'pg'
import { databaseName, withDatabase } from './database-url.js'

/** Creates the database of `url` when it does not exist yet; each service owns one. */
export async function ensureDatabase(url: string): Promise<void> {
  const name = databaseName(url)
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') })
  await admin.connect()
  try {
    const existing = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (existing.rowCount === 0) {
      await admin.query(`CREATE DATABASE "${name}"`).catch((err: { code?: string }) => {
        if (err.code !== '42P04') throw err // another process created it in between
      })
    }
  } finally {
    await admin.end()
  }
}
