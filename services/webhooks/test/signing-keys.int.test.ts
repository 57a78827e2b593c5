import { randomBytes } from 'node:crypto'
import { findSchemaDrift } from '@pp/db'
import { createTestDatabase, type TestDatabase } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../src/db/client.js'
import { publicKeyOf } from '../src/domain/signing/key-pair.js'
import { loadSigningKeys } from '../src/domain/signing/signing-keys.js'
import { MIGRATIONS_DIR, SCHEMA_PATH } from './support/harness.js'

let database: TestDatabase
let db: Db

beforeAll(async () => {
  database = await createTestDatabase('webhooks_keys', MIGRATIONS_DIR)
  db = openDb(database.url)
})

afterAll(async () => {
  await db.$disconnect()
  await database.drop()
})

it('migrates to exactly the Prisma schema', async () => {
  expect(await findSchemaDrift(database.url, SCHEMA_PATH)).toEqual([])
})

describe('signing keys', () => {
  const encryptionKey = randomBytes(32)

  it('are made once per environment, kept across restarts and stored sealed', async () => {
    const first = await loadSigningKeys(db, encryptionKey)
    const again = await loadSigningKeys(db, encryptionKey)
    expect(Buffer.from(again.publicKey('SANDBOX'))).toEqual(Buffer.from(first.publicKey('SANDBOX')))
    expect(Buffer.from(first.publicKey('PRODUCTION'))).not.toEqual(Buffer.from(first.publicKey('SANDBOX')))

    const rows = await db.signingKey.findMany({ orderBy: { environment: 'asc' } })
    expect(rows.map((r) => [r.environment, r.privateKeyEncryption])).toEqual([['PRODUCTION', 'AES_256_GCM'], ['SANDBOX', 'AES_256_GCM']])
    // 12-byte iv, 16-byte tag, 32-byte ciphertext: no 32 bytes of the row are the private key
    const sandbox = rows[1]!
    expect(sandbox.privateKey).toHaveLength(60)
    const windows = Array.from({ length: 29 }, (_, i) => sandbox.privateKey.subarray(i, i + 32))
    expect(windows.some((w) => Buffer.from(publicKeyOf(w)).toString('hex') === sandbox.publicKeyHex)).toBe(false)
  })

  it('refuse to start without the encryption key, or with another one', async () => {
    await expect(loadSigningKeys(db, undefined)).rejects.toThrow(/WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY/)
    await expect(loadSigningKeys(db, randomBytes(32))).rejects.toThrow()
  })
})
