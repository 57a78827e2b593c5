import type { Db } from './client.js'

export interface SigningKeyRow {
  environment: string
  publicKeyHex: string
  privateKey: Uint8Array
  privateKeyEncryption: string
}

/** Stores the key unless the environment has one; replicas starting together keep the first. */
export async function insertSigningKeyIfMissing(db: Db, row: SigningKeyRow): Promise<void> {
  await db.signingKey.createMany({
    data: [{ ...row, privateKey: Buffer.from(row.privateKey) }],
    skipDuplicates: true,
  })
}

export const findSigningKey = (db: Db, environment: string): Promise<SigningKeyRow | null> =>
  db.signingKey.findUnique({ where: { environment } })
