import { prepared } from '@pp/db'
import type { SqlTx } from './client.js'

/** A card number's ciphertext and the key that sealed it (null: sealed before key ids). */
export interface SealedCardNumber {
  id: string
  panSealed: Uint8Array
  panKeyId: string | null
}

const FIND_STALE = prepared(
  'cards_find_stale_numbers',
  'SELECT id, pan_sealed, pan_key_id FROM cards WHERE pan_key_id IS DISTINCT FROM $1 LIMIT $2',
)

/** Numbers not sealed under the current key, a batch at a time. */
export async function findStaleCardNumbers(sql: SqlTx, currentKeyId: string, limit: number): Promise<SealedCardNumber[]> {
  const rows = await sql.query<{ id: string; pan_sealed: Buffer; pan_key_id: string | null }>(FIND_STALE, [currentKeyId, limit])
  return rows.map((row) => ({ id: row.id, panSealed: row.pan_sealed, panKeyId: row.pan_key_id }))
}

const REPLACE_SEALS = prepared(
  'cards_replace_number_seals',
  `UPDATE cards c SET pan_sealed = s.pan_sealed, pan_key_id = $1
   FROM unnest($2::text[], $3::text[], $4::bytea[]) AS s(id, read_key_id, pan_sealed)
   WHERE c.id = s.id AND c.pan_key_id IS NOT DISTINCT FROM s.read_key_id
   RETURNING c.id`,
)

/**
 * Stores the numbers sealed again under `keyId`, each only if its row still names the key it was
 * read under (`panKeyId` of each entry) (a replica starting beside this one may have re-sealed it first). Answers how many.
 */
export async function replaceCardNumberSeals(sql: SqlTx, resealed: SealedCardNumber[], keyId: string): Promise<number> {
  const rows = await sql.query(REPLACE_SEALS, [
    keyId,
    resealed.map((r) => r.id),
    resealed.map((r) => r.panKeyId),
    resealed.map((r) => Buffer.from(r.panSealed)),
  ])
  return rows.length
}
