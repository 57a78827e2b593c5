import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, runtimeRoleUrl, TEST_RUNTIME_ROLE, type TestDatabase } from '@pp/testing'
import { migrate } from '../src/index.js'

const migrations = join(import.meta.dirname, 'fixtures/prisma/migrations')

let db: TestDatabase
let runtimeUrl: string

async function run(url: string, sql: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await client.query(sql, values)
  } finally {
    await client.end()
  }
}

beforeAll(async () => {
  db = await createTestDatabase('runtime_role')
  runtimeUrl = await runtimeRoleUrl(db.url)
  await migrate(db.url, migrations, { runtimeRole: TEST_RUNTIME_ROLE })
})

afterAll(() => db?.drop())

describe('the runtime role a migration grants', () => {
  it('reads and writes rows', async () => {
    await run(runtimeUrl, "INSERT INTO widgets (id, name, amount, color) VALUES ('w1', 'first', 100, 'RED')")
    await run(runtimeUrl, "UPDATE widgets SET name = 'renamed' WHERE id = 'w1'")
    expect((await run(runtimeUrl, 'SELECT name FROM widgets')).rows).toEqual([{ name: 'renamed' }])
    await run(runtimeUrl, "DELETE FROM widgets WHERE id = 'w1'")
  })

  it('may not truncate, change the schema or touch the migration history', async () => {
    for (const statement of [
      'TRUNCATE widgets',
      'CREATE TABLE intruder (id TEXT)',
      'ALTER TABLE widgets ADD COLUMN intruder TEXT',
      'DROP TABLE widgets',
      'SELECT * FROM "_prisma_migrations"',
      'DELETE FROM "_prisma_migrations"',
    ]) {
      await expect(run(runtimeUrl, statement), statement).rejects.toMatchObject({ code: '42501' })
    }
  })

  it('loses a grant made by hand beyond rows at the next start', async () => {
    await run(db.url, `GRANT TRUNCATE ON widgets TO ${TEST_RUNTIME_ROLE}`)
    await migrate(db.url, migrations, { runtimeRole: TEST_RUNTIME_ROLE })
    await expect(run(runtimeUrl, 'TRUNCATE widgets')).rejects.toMatchObject({ code: '42501' })
  })
})
