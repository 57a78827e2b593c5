import { findSchemaDrift } from '@pp/db'
import { createTestDatabase } from '@pp/testing'
import { expect, it } from 'vitest'
import { MIGRATIONS_DIR, SCHEMA_PATH } from './paths.js'

it('migrates to exactly the Prisma schema (every .prisma file of the schema folder)', async () => {
  const database = await createTestDatabase('payments_drift', MIGRATIONS_DIR)
  try {
    expect(await findSchemaDrift(database.url, SCHEMA_PATH)).toEqual([])
  } finally {
    await database.drop()
  }
})
