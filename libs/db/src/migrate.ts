import { createHash, randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { grantRuntimeRole } from './runtime-role.js'

/**
 * The table `prisma migrate deploy` keeps, created the same way, so that the standard tool agrees
 * with what this step applied wherever Prisma's schema engine is available.
 */
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`

/** An arbitrary constant: one advisory lock so replicas starting together migrate one at a time. */
const MIGRATION_LOCK_KEY = 72_707_369

export interface MigrationResult {
  applied: string[]
}

export interface MigrateOptions {
  /**
   * The role the service serves as, when it is not the one migrating: granted row access to every
   * table once the migrations are applied (see grantRuntimeRole), under the same lock, since
   * concurrent GRANTs on one table fail.
   */
  runtimeRole?: string
}

/**
 * Applies `prisma/migrations/<timestamp>_<name>/migration.sql` in name order, each in its own
 * transaction together with its `_prisma_migrations` row. A migration already applied with a
 * different checksum stops start-up: migrations are append-only.
 */
export async function migrate(url: string, migrationsDir: string, options: MigrateOptions = {}): Promise<MigrationResult> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    await client.query(CREATE_MIGRATIONS_TABLE)
    const done = await client.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    )
    const applied = new Map(done.rows.map((r) => [r.migration_name, r.checksum]))
    const result: MigrationResult = { applied: [] }
    for (const name of listMigrations(migrationsDir)) {
      const sql = readFileSync(join(migrationsDir, name, 'migration.sql'), 'utf8')
      const checksum = createHash('sha256').update(sql).digest('hex')
      const previous = applied.get(name)
      if (previous !== undefined) {
        if (previous !== checksum) throw new Error(`migration ${name} was changed after it was applied`)
        continue
      }
      await applyOne(client, name, sql, checksum)
      result.applied.push(name)
    }
    if (options.runtimeRole !== undefined) await grantRuntimeRole(client, options.runtimeRole)
    return result
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined)
    await client.end()
  }
}

function listMigrations(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^\d+_[\w-]+$/.test(entry.name))
    .map((entry) => entry.name)
    .sort()
}

async function applyOne(client: pg.Client, name: string, sql: string, checksum: string): Promise<void> {
  await client.query('BEGIN')
  try {
    await client.query(sql)
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
       VALUES ($1, $2, now(), $3, 1)`,
      [randomUUID(), checksum, name],
    )
    await client.query('COMMIT')
  } catch (err) {
    await client.query('ROLLBACK')
    throw new Error(`migration ${name} failed: ${(err as Error).message}`)
  }
}
