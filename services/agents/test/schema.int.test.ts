import { findSchemaDrift } from '@pp/db'
import { createTestDatabase } from '@pp/testing'
import { expect, it } from 'vitest'
import { MIGRATIONS_DIR, SCHEMA_PATH } from './harness.js'

it('migrations produce exactly the Prisma schema', async () => {
  const database = await createTestDatabase('agents_drift', MIGRATIONS_DIR)
  try {
    expect(await findSchemaDrift(database.url, SCHEMA_PATH)).toEqual([])
  } finally {
    await database.drop()
  }
})
