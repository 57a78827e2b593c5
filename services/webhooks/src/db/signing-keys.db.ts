import { open, type Db, type Tx } from './client.js'

/**
 * A key as stored: its private half sealed or not, as `privateKeyEncryption` says; when sealed,
 * `sealingKeyId` names the encryption key (null: sealed before key ids).
 */
export interface SigningKeyRow {
  environment: string
  publicKeyHex: string
  privateKey: Uint8Array
  privateKeyEncryption: string
  sealingKeyId: string | null
}

export interface StoredSigningKey extends SigningKeyRow {
  createdAt: Date
  retiresAt: Date | null
}

/** The NOTIFY channel a committed rotation signals on: every replica reloads its keys. */
export const SIGNING_KEYS_CHANNEL = 'webhook_signing_keys'

/** Stores the key unless the environment has a current one; replicas starting together keep the first. */
export async function insertCurrentKeyIfMissing(db: Db, row: SigningKeyRow): Promise<void> {
  await open(db).signingKey.createMany({
    data: [{ ...row, privateKey: Buffer.from(row.privateKey) }],
    skipDuplicates: true,
  })
}

/** The keys that sign or still verify at `now`, of every environment. */
export const findLiveSigningKeys = (db: Db, now: Date): Promise<StoredSigningKey[]> =>
  open(db).signingKey.findMany({ where: { OR: [{ retiresAt: null }, { retiresAt: { gt: now } }] }, orderBy: { createdAt: 'desc' } })

/** Every key of the environment, retired ones included, newest first. */
export const findSigningKeys = (db: Db, environment: string): Promise<StoredSigningKey[]> =>
  open(db).signingKey.findMany({ where: { environment }, orderBy: { createdAt: 'desc' } })

/**
 * Gives the environment's current key its retirement and erases its private half, which nothing
 * signs with again (the public half keeps verifying until `retiresAt`); returns it (undefined when
 * there was none): the conditional update is what makes one rotation of two concurrent ones find it.
 */
export async function retireCurrentKey(tx: Tx, environment: string, retiresAt: Date): Promise<StoredSigningKey | undefined> {
  const [retired] = await open(tx).signingKey.updateManyAndReturn({
    where: { environment, retiresAt: null },
    data: { retiresAt, privateKey: Buffer.alloc(0), privateKeyEncryption: 'ERASED', sealingKeyId: null },
  })
  return retired
}

/**
 * Stores a current key's private half sealed anew (it was in the clear, or sealed under another
 * encryption key), only if the row still holds the private half it was read with: of replicas
 * starting together one seals it, and a key a rotation erased meanwhile stays erased.
 */
export async function replaceSealedKey(db: Db, read: SigningKeyRow, sealed: { privateKey: Uint8Array; sealingKeyId: string }): Promise<void> {
  await open(db).signingKey.updateMany({
    where: { publicKeyHex: read.publicKeyHex, privateKey: Buffer.from(read.privateKey), retiresAt: null },
    data: { privateKey: Buffer.from(sealed.privateKey), privateKeyEncryption: 'AES_256_GCM', sealingKeyId: sealed.sealingKeyId },
  })
}

export const insertSigningKey = (tx: Tx, row: SigningKeyRow, createdAt: Date): Promise<StoredSigningKey> =>
  open(tx).signingKey.create({ data: { ...row, privateKey: Buffer.from(row.privateKey), createdAt } })

/** Sent at commit only, so a replica never reloads before the new key is there to read. */
export async function notifySigningKeysChanged(tx: Tx, environment: string): Promise<void> {
  await open(tx).$executeRaw`SELECT pg_notify(${SIGNING_KEYS_CHANNEL}, ${environment})`
}
