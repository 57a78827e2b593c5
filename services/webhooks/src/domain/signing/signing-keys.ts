import { ENVIRONMENTS, type Environment } from '@pp/tenancy'
import { findLiveSigningKeys, insertCurrentKeyIfMissing, replaceSealedKey, type SigningKeyRow, type StoredSigningKey } from '../../db/signing-keys.db.js'
import type { Db } from '../../db/client.js'
import { openPrivateKey, sealPrivateKey, type KeyEncryption } from './key-encryption.js'
import { stillVerifying } from './key-history.js'
import { generateKeyPair, publicKeyOf, signBody } from './key-pair.js'

/** A key a rotation replaced, published until it retires. */
export interface PreviousKey {
  publicKey: Uint8Array
  retiresAt: Date
}

/** Each environment's keys, held in memory: read once at start and again after every rotation. */
export interface SigningKeys {
  /** Signs with the environment's current key, whichever that is at the moment of the call. */
  sign(environment: Environment, body: string): string
  /** The current key's public half. */
  publicKey(environment: Environment): Uint8Array
  /** The keys a rotation replaced that still verify at `now`, newest first. */
  previousKeys(environment: Environment, now: Date): PreviousKey[]
  /** A fresh key pair of the environment as it is stored: sealed when an encryption key is configured. */
  newKeyRow(environment: Environment): SigningKeyRow
  /** Reads the keys again (a rotation here or in another replica). Reloads run one after another, so the last one called wins. */
  reload(): Promise<void>
}

interface EnvironmentKeys {
  privateKey: Uint8Array
  publicKey: Uint8Array
  previous: PreviousKey[]
}

/**
 * Loads the current key pair of each environment, making and storing one on first start, and the
 * public halves of the keys still verifying. With an encryption key the private half is stored
 * sealed (AES-256-GCM, bound to its row, the sealing key's id beside it), and a current key found
 * in the clear (stored while none was configured), under a key a rotation of the encryption key
 * replaced, or sealed before key ids is sealed again under the current encryption key now; without
 * one it is stored as it is (development only: production config requires the key). A key stored
 * sealed cannot be used without an encryption key that opens it: start-up fails.
 */
export async function loadSigningKeys(db: Db, encryption: KeyEncryption | undefined): Promise<SigningKeys> {
  const newKeyRow = (environment: Environment) => newRow(environment, encryption)
  const read = async () => keyringOf(await findLiveSigningKeys(db, new Date()), encryption)
  const live = await findLiveSigningKeys(db, new Date())
  const keyless = ENVIRONMENTS.filter((environment) => !live.some((key) => key.environment === environment && key.retiresAt === null))
  for (const environment of keyless) await insertCurrentKeyIfMissing(db, newKeyRow(environment))
  const stale = encryption ? live.filter((key) => isSealedAgainAtStart(key, encryption)) : []
  for (const key of stale) await replaceSealedKey(db, key, sealPrivateKey(encryption!, key.publicKeyHex, privateKeyOf(key, encryption)))
  // read again only after this start stored or sealed keys (another replica may have stored or sealed its own first)
  let keyring = keyless.length === 0 && stale.length === 0 ? keyringOf(live, encryption) : await read()
  let reloading = Promise.resolve()
  const keysOf = (environment: Environment): EnvironmentKeys => keyring.get(environment)!
  return {
    sign: (environment, body) => signBody(keysOf(environment).privateKey, body),
    publicKey: (environment) => keysOf(environment).publicKey,
    previousKeys: (environment, now) => keysOf(environment).previous.filter((key) => key.retiresAt.getTime() > now.getTime()),
    newKeyRow,
    reload() {
      // one read after the other: a read begun before a rotation committed never lands after one begun later
      reloading = reloading.catch(() => undefined).then(async () => {
        keyring = await read()
      })
      return reloading
    },
  }
}

/**
 * A current key whose private half is in the clear, or sealed but not under the current encryption
 * key (a rotation of it, or sealed before key ids). Only current keys hold a private half (a
 * rotation erases the replaced one), so a start has at most one per environment to seal.
 */
const isSealedAgainAtStart = (key: StoredSigningKey, encryption: KeyEncryption): boolean =>
  key.retiresAt === null && (key.privateKeyEncryption === 'NONE' || key.sealingKeyId !== encryption.keyring.currentKeyId)

function keyringOf(live: StoredSigningKey[], encryption: KeyEncryption | undefined): Map<Environment, EnvironmentKeys> {
  const now = new Date()
  const keyring = new Map<Environment, EnvironmentKeys>()
  for (const environment of ENVIRONMENTS) {
    const keys = live.filter((key) => key.environment === environment)
    const current = keys.find((key) => key.retiresAt === null)
    if (!current) throw new Error(`the ${environment} webhook signing key is missing`)
    const privateKey = privateKeyOf(current, encryption)
    const previous = stillVerifying(keys, now).map((key) => ({ publicKey: Buffer.from(key.publicKeyHex, 'hex'), retiresAt: key.retiresAt! }))
    keyring.set(environment, { privateKey, publicKey: publicKeyOf(privateKey), previous })
  }
  return keyring
}

function newRow(environment: Environment, encryption: KeyEncryption | undefined): SigningKeyRow {
  const { privateKey, publicKey } = generateKeyPair()
  const publicKeyHex = Buffer.from(publicKey).toString('hex')
  if (!encryption) return { environment, publicKeyHex, privateKey, privateKeyEncryption: 'NONE', sealingKeyId: null }
  return { environment, publicKeyHex, ...sealPrivateKey(encryption, publicKeyHex, privateKey), privateKeyEncryption: 'AES_256_GCM' }
}

function privateKeyOf(row: SigningKeyRow, encryption: KeyEncryption | undefined): Uint8Array {
  if (row.privateKeyEncryption === 'NONE') return new Uint8Array(row.privateKey)
  if (!encryption) {
    throw new Error(`the ${row.environment} signing key is stored encrypted; set WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY`)
  }
  const privateKey = openPrivateKey(encryption, row)
  if (Buffer.from(publicKeyOf(privateKey)).toString('hex') !== row.publicKeyHex) {
    throw new Error(`the ${row.environment} signing key does not match its stored public key`)
  }
  return privateKey
}
