import type { Tenant } from '../domain/types.js'
import type { Db } from './client.js'

export interface WalletSecretKey extends Tenant {
  accountId: string
}

/** Stores the wallet's sealed secret unless one exists: concurrent first writers keep the first. */
export async function storeWalletSecretOnce(db: Db, key: WalletSecretKey, ciphertext: Uint8Array<ArrayBuffer>, createdAt: Date): Promise<void> {
  await db.walletSecret.createMany({ data: [{ ...key, ciphertext, createdAt }], skipDuplicates: true })
}

/** The wallet's sealed secret; it exists once `storeWalletSecretOnce` has run. */
export async function readWalletSecret(db: Db, key: WalletSecretKey): Promise<Uint8Array> {
  const stored = await db.walletSecret.findUniqueOrThrow({ where: { platformId_environment_accountId: key } })
  return stored.ciphertext
}
