import { join } from 'node:path'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '@pp/testing'
import { findSchemaDrift, migrate } from '../src/index.js'

const fixtures = join(import.meta.dirname, 'fixtures/prisma')
const migrations = join(fixtures, 'migrations')
const schema = join(fixtures, 'schema.prisma')

async function query(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await client.query(sql)
  } finally {
    await client.end()
  }
}

describe('migrate', () => {
  let db: TestDatabase
  afterEach(() => db.drop())

  it('applies each migration once and records it for prisma migrate', async () => {
    db = await createTestDatabase('migrate')
    expect((await migrate(db.url, migrations)).applied).toEqual(['20250101000000_init', '20250102000000_add_note'])
    expect((await migrate(db.url, migrations)).applied).toEqual([])
    const rows = await query(db.url, 'SELECT migration_name, finished_at FROM "_prisma_migrations" ORDER BY migration_name')
    expect(rows.rows.map((r) => r.migration_name)).toEqual(['20250101000000_init', '20250102000000_add_note'])
    expect(rows.rows.every((r) => r.finished_at !== null)).toBe(true)
  })

  it('runs concurrent start-ups one at a time', async () => {
    db = await createTestDatabase('migrate_race')
    const results = await Promise.all([migrate(db.url, migrations), migrate(db.url, migrations)])
    expect(results.flatMap((r) => r.applied).sort()).toEqual(['20250101000000_init', '20250102000000_add_note'])
  })
})

describe('findSchemaDrift', () => {
  let db: TestDatabase
  afterEach(() => db.drop())

  it('finds nothing when the database matches the schema', async () => {
    db = await createTestDatabase('drift_ok', migrations)
    expect(await findSchemaDrift(db.url, schema)).toEqual([])
  })

  it('reads a schema split into a folder of files', async () => {
    db = await createTestDatabase('drift_split', migrations)
    expect(await findSchemaDrift(db.url, join(import.meta.dirname, 'fixtures/split'))).toEqual([])
  })

  it('names missing columns, extra columns, type, nullability and enum changes', async () => {
    db = await createTestDatabase('drift_bad', migrations)
    await query(
      db.url,
      `ALTER TABLE widgets DROP COLUMN note;
       ALTER TABLE widgets ADD COLUMN extra INT;
       ALTER TABLE widgets ALTER COLUMN amount TYPE INTEGER;
       ALTER TABLE parts ALTER COLUMN widget_id DROP NOT NULL;
       ALTER TYPE color ADD VALUE 'BLUE';`,
    )
    expect((await findSchemaDrift(db.url, schema)).sort()).toEqual(
      [
        'widgets.note is missing',
        'widgets.extra is not in the schema',
        'widgets.amount: expected bigint, found integer',
        'parts.widget_id: expected NOT NULL',
        'enum color: expected [RED, GREEN], found [RED, GREEN, BLUE]',
      ].sort(),
    )
  })
})
