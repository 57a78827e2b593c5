import { createPublicKey, randomBytes, verify } from 'node:crypto'
import { findSchemaDrift } from '@pp/db'
import { createLogger } from '@pp/logging'
import { ENVIRONMENTS } from '@pp/tenancy'
import { createTestDatabase, waitUntil, type TestDatabase } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { open, openDb, type Db } from '../src/db/client.js'
import { followKeyRotations } from '../src/domain/signing/follow-rotations.js'
import { keyEncryption } from '../src/domain/signing/key-encryption.js'
import { generateKeyPair, publicKeyOf, publicKeyPem } from '../src/domain/signing/key-pair.js'
import { listSigningKeys } from '../src/domain/signing/list-signing-keys.js'
import { signingKeyView } from '../src/domain/signing/public-key.js'
import { rotateSigningKey } from '../src/domain/signing/rotate-signing-key.js'
import { loadSigningKeys, type SigningKeys } from '../src/domain/signing/signing-keys.js'
import { MIGRATIONS_DIR, SCHEMA_PATH } from './support/harness.js'
import { sealedBeforeKeyIds } from './support/sealed-before-key-ids.js'

let database: TestDatabase
let db: Db

beforeAll(async () => {
  database = await createTestDatabase('webhooks_keys', MIGRATIONS_DIR)
  db = openDb(database.url)
})

afterAll(async () => {
  await open(db).$disconnect()
  await database.drop()
})

it('migrates to exactly the Prisma schema', async () => {
  expect(await findSchemaDrift(database.url, SCHEMA_PATH)).toEqual([])
})

const verifies = (publicKey: Uint8Array, body: string, signature: string) =>
  verify('sha256', Buffer.from(body), createPublicKey(publicKeyPem(publicKey)), Buffer.from(signature, 'base64'))

// every test's keys are sealed with this one, as a deployment's are
const encryptionKey = keyEncryption(randomBytes(32), [])

describe('signing keys', () => {

  it('are made once per environment, kept across restarts and stored sealed', async () => {
    const first = await loadSigningKeys(db, encryptionKey)
    const again = await loadSigningKeys(db, encryptionKey)
    expect(Buffer.from(again.publicKey('SANDBOX'))).toEqual(Buffer.from(first.publicKey('SANDBOX')))
    expect(Buffer.from(first.publicKey('PRODUCTION'))).not.toEqual(Buffer.from(first.publicKey('SANDBOX')))

    const rows = await open(db).signingKey.findMany({ orderBy: { environment: 'asc' } })
    expect(rows.map((r) => [r.environment, r.privateKeyEncryption, r.sealingKeyId])).toEqual([
      ['PRODUCTION', 'AES_256_GCM', encryptionKey.keyring.currentKeyId],
      ['SANDBOX', 'AES_256_GCM', encryptionKey.keyring.currentKeyId],
    ])
    // 12-byte iv, 16-byte tag, 32-byte ciphertext: no 32 bytes of the row are the private key
    const sandbox = rows[1]!
    expect(sandbox.privateKey).toHaveLength(60)
    const windows = Array.from({ length: 29 }, (_, i) => sandbox.privateKey.subarray(i, i + 32))
    expect(windows.some((w) => Buffer.from(publicKeyOf(w)).toString('hex') === sandbox.publicKeyHex)).toBe(false)
  })

  it('refuse to start without the encryption key, or with another one', async () => {
    await expect(loadSigningKeys(db, undefined)).rejects.toThrow(/WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY/)
    await expect(loadSigningKeys(db, keyEncryption(randomBytes(32), []))).rejects.toThrow()
  })

  it('stored in the clear by a start without an encryption key are sealed by the first start with one', async () => {
    const plain = await createTestDatabase('webhooks_plain_keys', MIGRATIONS_DIR)
    const plainDb = openDb(plain.url)
    try {
      const unsealed = await loadSigningKeys(plainDb, undefined)
      expect((await open(plainDb).signingKey.findMany()).map((r) => r.privateKeyEncryption)).toEqual(['NONE', 'NONE'])
      const sealed = await loadSigningKeys(plainDb, encryptionKey)
      expect(Buffer.from(sealed.publicKey('SANDBOX'))).toEqual(Buffer.from(unsealed.publicKey('SANDBOX')))
      const rows = await open(plainDb).signingKey.findMany()
      expect(rows.map((r) => [r.privateKeyEncryption, r.privateKey.length])).toEqual([['AES_256_GCM', 60], ['AES_256_GCM', 60]])
      await expect(loadSigningKeys(plainDb, undefined)).rejects.toThrow(/WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY/)
    } finally {
      await open(plainDb).$disconnect()
      await plain.drop()
    }
  })
})

describe('rotation', () => {
  const hex = (key: Uint8Array) => Buffer.from(key).toString('hex')

  it('signs with the new key at once, and publishes the replaced one until the overlap ends', async () => {
    const keys = await loadSigningKeys(db, encryptionKey)
    const before = keys.publicKey('SANDBOX')
    const production = keys.publicKey('PRODUCTION')
    const now = new Date()
    const rotation = await rotateSigningKey({ db, keys }, { environment: 'SANDBOX', overlapSeconds: 3_600 }, now)

    expect(rotation.previousKey).toMatchObject({ status: 'RETIRING', publicKey: hex(before), retiresAt: new Date(now.getTime() + 3_600_000) })
    expect(rotation.currentKey).toMatchObject({ status: 'CURRENT', publicKey: hex(keys.publicKey('SANDBOX')) })
    expect(rotation.currentKey.retiresAt).toBeUndefined()
    expect(hex(keys.publicKey('PRODUCTION'))).toBe(hex(production))
    const body = '{"id":"Webhook:1"}'
    expect(verifies(keys.publicKey('SANDBOX'), body, keys.sign('SANDBOX', body))).toBe(true)
    expect(verifies(before, body, keys.sign('SANDBOX', body))).toBe(false)

    const view = signingKeyView(keys, 'SANDBOX', now)
    expect(view.publicKey).toBe(rotation.currentKey.publicKey)
    expect(view.previousKeys).toEqual([{ publicKey: hex(before), publicKeyPem: publicKeyPem(before), retiresAt: new Date(now.getTime() + 3_600_000).toISOString() }])
    expect(signingKeyView(keys, 'SANDBOX', new Date(now.getTime() + 3_600_000)).previousKeys).toEqual([])
    expect(signingKeyView(keys, 'PRODUCTION', now).previousKeys).toEqual([])

    // the replaced key only verifies from now on: its private half is gone from the row
    const replaced = await open(db).signingKey.findUniqueOrThrow({ where: { publicKeyHex: hex(before) } })
    expect([replaced.privateKeyEncryption, replaced.privateKey.length]).toEqual(['ERASED', 0])

    const listed = await listSigningKeys(db, 'SANDBOX', now)
    expect(listed.map((k) => [k.status, k.publicKey])).toEqual([['CURRENT', hex(keys.publicKey('SANDBOX'))], ['RETIRING', hex(before)]])
    // a restart keeps the rotated key
    expect(hex((await loadSigningKeys(db, encryptionKey)).publicKey('SANDBOX'))).toBe(rotation.currentKey.publicKey)
  })

  it('with no overlap retires the replaced key at once', async () => {
    const keys = await loadSigningKeys(db, encryptionKey)
    const before = hex(keys.publicKey('PRODUCTION'))
    const rotation = await rotateSigningKey({ db, keys }, { environment: 'PRODUCTION', overlapSeconds: 0 })
    expect(rotation.previousKey).toMatchObject({ status: 'RETIRED', publicKey: before })
    expect(signingKeyView(keys, 'PRODUCTION').previousKeys).toEqual([])
  })

  it('reaches another replica without a restart, through the notification of the commit', async () => {
    const here = await loadSigningKeys(db, encryptionKey)
    const replica = await loadSigningKeys(db, encryptionKey)
    const following = followKeyRotations(replica, database.url, createLogger('signing-keys-test', 'silent'))
    try {
      const rotation = await rotateSigningKey({ db, keys: here }, { environment: 'SANDBOX' })
      await waitUntil(async () => hex(replica.publicKey('SANDBOX')) === rotation.currentKey.publicKey, 'the replica to reload', 10_000, 10)
      expect(replica.previousKeys('SANDBOX', new Date()).map((k) => hex(k.publicKey))).toContain(rotation.previousKey.publicKey)
    } finally {
      await following.stop()
    }
  })

  it('of one environment by two callers at once: one wins, the other is told, and one key stays current', async () => {
    const [a, b] = await Promise.all([loadSigningKeys(db, encryptionKey), loadSigningKeys(db, encryptionKey)])
    const results = await Promise.allSettled([a, b].map((keys: SigningKeys) => rotateSigningKey({ db, keys }, { environment: 'SANDBOX' })))
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason)
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(1)
    for (const reason of refused) expect(reason).toMatchObject({ code: 'CONFLICT' })
    expect((await listSigningKeys(db, 'SANDBOX')).filter((k) => k.status === 'CURRENT')).toHaveLength(1)
  })

  it('refuses an unknown environment and an overlap over 30 days', async () => {
    const keys = await loadSigningKeys(db, encryptionKey)
    await expect(rotateSigningKey({ db, keys }, { environment: 'STAGING' })).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    await expect(rotateSigningKey({ db, keys }, { environment: 'SANDBOX', overlapSeconds: 31 * 86_400 })).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    await expect(listSigningKeys(db, 'STAGING')).rejects.toMatchObject({ code: 'INVALID_INPUT' })
  })
})

describe('WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY rotation', () => {
  let rotating: TestDatabase
  let rotatingDb: Db
  beforeAll(async () => {
    rotating = await createTestDatabase('webhooks_key_encryption', MIGRATIONS_DIR)
    rotatingDb = openDb(rotating.url)
  })
  afterAll(async () => {
    await open(rotatingDb).$disconnect()
    await rotating.drop()
  })

  const sealingKeyIds = async () => (await open(rotatingDb).signingKey.findMany({ where: { retiresAt: null } })).map((row) => row.sealingKeyId)
  const publicKeys = (keys: SigningKeys) => ENVIRONMENTS.map((environment) => Buffer.from(keys.publicKey(environment)).toString('hex'))
  const signs = (keys: SigningKeys) => ENVIRONMENTS.every((environment) => verifies(keys.publicKey(environment), 'body', keys.sign(environment, 'body')))

  it('opens the keys sealed under the replaced key, seals them again under the new one at start, then opens them with it alone', async () => {
    const a = keyEncryption(randomBytes(32), [])
    const before = await loadSigningKeys(rotatingDb, a)
    const b = randomBytes(32)
    const restarted = await loadSigningKeys(rotatingDb, keyEncryption(b, [...a.keys]))
    expect(publicKeys(restarted)).toEqual(publicKeys(before))
    expect(signs(restarted)).toBe(true)
    expect(await sealingKeyIds()).toEqual([keyEncryption(b, []).keyring.currentKeyId, keyEncryption(b, []).keyring.currentKeyId])
    const alone = await loadSigningKeys(rotatingDb, keyEncryption(b, []))
    expect(publicKeys(alone)).toEqual(publicKeys(before))
    expect(signs(alone)).toBe(true)
    await expect(loadSigningKeys(rotatingDb, a)).rejects.toThrow(/no sealing key has the id/)
  })

  it('seals again a key sealed before key ids (bound to its environment alone), each once when replicas start together', async () => {
    const before = randomBytes(32)
    await open(rotatingDb).signingKey.deleteMany()
    const rows = ENVIRONMENTS.map((environment) => legacyRow(environment, before))
    await open(rotatingDb).signingKey.createMany({ data: rows })
    // the encryption key rotated in the same deployment: the previous one opens them
    const next = keyEncryption(randomBytes(32), [before])
    const replicas = await Promise.all([loadSigningKeys(rotatingDb, next), loadSigningKeys(rotatingDb, next), loadSigningKeys(rotatingDb, next)])
    for (const replica of replicas) expect(publicKeys(replica)).toEqual(rows.map((row) => row.publicKeyHex))
    expect(await sealingKeyIds()).toEqual([next.keyring.currentKeyId, next.keyring.currentKeyId])
    expect(signs(await loadSigningKeys(rotatingDb, keyEncryption(next.keys[0]!, [])))).toBe(true)
  })

  it('does not open a private half moved to another row', async () => {
    const encryption = keyEncryption(randomBytes(32), [])
    await open(rotatingDb).signingKey.deleteMany()
    await loadSigningKeys(rotatingDb, encryption)
    const [production, sandbox] = await open(rotatingDb).signingKey.findMany({ orderBy: { environment: 'asc' } })
    await open(rotatingDb).signingKey.update({ where: { publicKeyHex: sandbox!.publicKeyHex }, data: { privateKey: production!.privateKey } })
    await expect(loadSigningKeys(rotatingDb, encryption)).rejects.toThrow()
  })
})

/** A current key as a start before key ids stored it. */
function legacyRow(environment: string, key: Buffer) {
  const { privateKey, publicKey } = generateKeyPair()
  const sealed = sealedBeforeKeyIds(privateKey, key, environment)
  return { environment, publicKeyHex: Buffer.from(publicKey).toString('hex'), privateKey: sealed, privateKeyEncryption: 'AES_256_GCM', sealingKeyId: null }
}
