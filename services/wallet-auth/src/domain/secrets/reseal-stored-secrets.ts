import type { Db } from '../../db/client.js'
import { findSealsNotUnder, replaceSeal, SEALED_COLUMNS, type SealedColumn } from '../../db/sealed-columns.db.js'
import { openBytes, sealBytes, sealedBinding, type WalletSealing } from './wallet-sealing.js'

const BATCH_MAX = 500

/**
 * Brings every secret wallet-auth keeps at rest to the current WALLET_SECRET_KEY: what a key a
 * rotation replaced sealed, and what was sealed before key ids (unbound), is opened and sealed
 * again under the current key, bound to its row. Run at start, before the service answers; each
 * write is conditional on the ciphertext read, so replicas starting together each seal a row at
 * most once between them and a value changed meanwhile is left as it became. A value no configured
 * key opens stops the start. Reads `batchMax` rows at a time; answers how many values were sealed again.
 */
export async function resealStoredSecrets(db: Db, sealing: WalletSealing, batchMax = BATCH_MAX): Promise<number> {
  let resealed = 0
  for (const column of SEALED_COLUMNS) resealed += await resealColumn(db, sealing, column, batchMax)
  return resealed
}

async function resealColumn(db: Db, sealing: WalletSealing, column: SealedColumn, batchMax: number): Promise<number> {
  let resealed = 0
  let afterKey: string[] | undefined
  for (;;) {
    const batch = await findSealsNotUnder(db, column, sealing.keyring.currentKeyId, afterKey, batchMax)
    if (batch.length === 0) return resealed
    for (const read of batch) {
      const boundTo = sealedBinding(read.rowKey, column.column)
      if (await replaceSeal(db, column, read, sealBytes(sealing, boundTo, openBytes(sealing, boundTo, read)))) resealed += 1
    }
    afterKey = batch.at(-1)!.rowKey
  }
}
