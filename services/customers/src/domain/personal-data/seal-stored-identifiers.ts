import type { SqlRunner } from '@pp/db'
import { currentSealPrefix, type SealingKeyring } from '@pp/secrets'
import { findIdentifiersToSeal, replaceIdentifiers, type IdentifierTable } from '../../db/identifiers.db.js'
import { resealed } from './sealed-identifier.js'

const BATCH = 500
const TABLES: IdentifierTable[] = ['customers', 'beneficial_owners']

/**
 * Seals, under the current key, every identifier stored in the clear (rows from before sealing) or
 * under a key a rotation retired (PERSONAL_DATA_PREVIOUS_KEYS). Run at start, before the service
 * answers; conditional updates let replicas starting together seal each row once. Answers how many
 * rows changed; an identifier no configured key opens stops the start.
 */
export async function sealStoredIdentifiers(sql: SqlRunner, keyring: SealingKeyring): Promise<number> {
  let sealed = 0
  for (const table of TABLES) {
    for (;;) {
      const rows = await findIdentifiersToSeal(sql, table, currentSealPrefix(keyring), BATCH)
      if (rows.length === 0) break
      sealed += await replaceIdentifiers(sql, table, rows.map((row) => ({ ...row, sealed: resealed(keyring, row.id, row.stored) })))
    }
  }
  return sealed
}
