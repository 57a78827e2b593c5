import { join } from 'node:path'
import { findSchemaDrift } from '@pp/db'
import { createTestDatabase } from '@pp/testing'
import { expect, it } from 'vitest'

it('migrates to exactly the Prisma schema', async () => {
  const database = await createTestDatabase('cards_drift', join(import.meta.dirname, '../prisma/migrations'))
  try {
    expect(await findSchemaDrift(database.url, join(import.meta.dirname, '../prisma/schema.prisma'))).toEqual([])
  } finally {
    await database.drop()
  }
})
