import { ENVIRONMENTS, type Environment } from '@pp/tenancy'
import { insertSigningKeyIfMissing, findSigningKey, type SigningKeyRow } from '../../db/signing-keys.db.js'
import type { Db } from '../../db/client.js'
import { openPrivateKey, sealPrivateKey, type PrivateKeyEncryption } from './key-encryption.js'
import { generateKeyPair, publicKeyOf, signBody } from './key-pair.js'

/** The signing keys of both environments, held in memory once loaded. */
export interface SigningKeys {
  sign(environment: Environment, body: string): string
  publicKey(environment: Environment): Uint8Array
}

/**
 * Loads the key pair of each environment, making and storing it on first start. With an
 * encryption key the private half is stored sealed (AES-256-GCM); without one it is stored as
 * it is. A key stored sealed cannot be used without the encryption key: start-up fails.
 */
export async function loadSigningKeys(db: Db, encryptionKey: Buffer | undefined): Promise<SigningKeys> {
  const keys = new Map<Environment, { privateKey: Uint8Array; publicKey: Uint8Array }>()
  for (const environment of ENVIRONMENTS) {
    let row = await findSigningKey(db, environment)
    if (!row) {
      await insertSigningKeyIfMissing(db, newRow(environment, encryptionKey))
      row = (await findSigningKey(db, environment))!
    }
    const privateKey = privateKeyOf(row, encryptionKey)
    keys.set(environment, { privateKey, publicKey: publicKeyOf(privateKey) })
  }
  return {
    sign: (environment, body) => signBody(keys.get(environment)!.privateKey, body),
    publicKey: (environment) => keys.get(environment)!.publicKey,
  }
}

function newRow(environment: Environment, encryptionKey: Buffer | undefined): SigningKeyRow {
  const { privateKey, publicKey } = generateKeyPair()
  const encryption: PrivateKeyEncryption = encryptionKey ? 'AES_256_GCM' : 'NONE'
  return {
    environment,
    publicKeyHex: Buffer.from(publicKey).toString('hex'),
    privateKey: encryptionKey ? sealPrivateKey(privateKey, encryptionKey, environment) : privateKey,
    privateKeyEncryption: encryption,
  }
}

function privateKeyOf(row: SigningKeyRow, encryptionKey: Buffer | undefined): Uint8Array {
  if (row.privateKeyEncryption === 'NONE') return new Uint8Array(row.privateKey)
  if (!encryptionKey) {
    throw new Error(`the ${row.environment} signing key is stored encrypted; set WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY`)
  }
  const privateKey = openPrivateKey(row.privateKey, encryptionKey, row.environment)
  if (Buffer.from(publicKeyOf(privateKey)).toString('hex') !== row.publicKeyHex) {
    throw new Error(`the ${row.environment} signing key does not match its stored public key`)
  }
  return privateKey
}
