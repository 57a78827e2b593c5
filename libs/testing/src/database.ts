import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { ensureDatabase, migrate, withDatabase } from '@pp/db'
import { testConnections } from './connections.js'

export interface TestDatabase {
  url: string
  drop(): Promise<void>
}

/**
 * A fresh database for one test file, migrated when `migrationsDir` is given, on the test server
 * or on `serverUrl` (a server the test runs itself). Names carry a random suffix so files running
 * in parallel never share state.
 */
export async function createTestDatabase(prefix: string, migrationsDir?: string, serverUrl?: string): Promise<TestDatabase> {
  const databaseUrl = serverUrl ?? (await testConnections()).databaseUrl
  const name = `t_${prefix.replace(/\W/g, '_')}_${randomBytes(6).toString('hex')}`.toLowerCase()
  const url = withDatabase(databaseUrl, name)
  await ensureDatabase(url)
  if (migrationsDir) await migrate(url, migrationsDir)
  return { url, drop: () => dropDatabase(databaseUrl, name) }
}

/** Drops database `name` of the server, whoever is connected to it, if it exists. */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') })
  await admin.connect()
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  } finally {
    await admin.end()
  }
}
