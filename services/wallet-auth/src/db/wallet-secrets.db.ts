import type { SealedBytes, StoredSealedBytes } from '../domain/secrets/wallet-sealing.js'
import type { Tenant } from '../domain/types.js'
import { open, type Tx } from './client.js'

export interface WalletSecretKey extends Tenant {
  accountId: string
}

/** Stores the wallet's sealed secret unless one exists: concurrent first writers keep the first. */
export async function storeWalletSecretOnce(tx: Tx, key: WalletSecretKey, sealed: SealedBytes, createdAt: Date): Promise<void> {
  await open(tx).walletSecret.createMany({ data: [{ ...key, ...sealed, createdAt }], skipDuplicates: true })
}

/** The wallet's sealed secret; it exists once `storeWalletSecretOnce` has run. */
export async function readWalletSecret(tx: Tx, key: WalletSecretKey): Promise<StoredSealedBytes> {
  const stored = await open(tx).walletSecret.findUniqueOrThrow({ where: { platformId_environment_accountId: key } })
  return { ciphertext: stored.ciphertext, sealingKeyId: stored.sealingKeyId }
}
