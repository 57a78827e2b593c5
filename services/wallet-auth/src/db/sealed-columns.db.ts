import { Prisma } from './generated/client.js'
import { open, type Db } from './client.js'

/** A column holding a value sealed with WALLET_SECRET_KEY, its key's id in the row's sealing_key_id. */
export interface SealedColumn {
  table: string
  /** The primary key's columns, in its order: what a sealed value is bound to, and the order of the pass. */
  keyColumns: readonly string[]
  column: string
}

export const SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: 'wallet_secrets', keyColumns: ['platform_id', 'environment', 'account_id'], column: 'ciphertext' },
  { table: 'delegated_keys', keyColumns: ['id'], column: 'private_key' },
  { table: 'otp_challenges', keyColumns: ['id'], column: 'target_private_key' },
]

/** A sealed value as stored, with its row's key. */
export interface StoredSeal {
  rowKey: string[]
  ciphertext: Uint8Array
  sealingKeyId: string | null
}

// identifiers come from SEALED_COLUMNS alone, never from input
const ident = (name: string) => Prisma.raw(`"${name}"`)
const keyTuple = (column: SealedColumn) => Prisma.join(column.keyColumns.map(ident))

/**
 * Values of the column not sealed under `keyId`, in primary-key order after `afterKey` (from the
 * start when undefined), at most `limit`: the primary key's index walks the table once over a
 * whole pass. An empty value (a revoked delegated key's) has nothing to seal.
 */
export async function findSealsNotUnder(db: Db, column: SealedColumn, keyId: string, afterKey: string[] | undefined, limit: number): Promise<StoredSeal[]> {
  const after = afterKey ? Prisma.sql`AND (${keyTuple(column)}) > (${Prisma.join(afterKey)})` : Prisma.empty
  const rows = await open(db).$queryRaw<{ row_key: string[]; ciphertext: Uint8Array; sealing_key_id: string | null }[]>`
    SELECT ARRAY[${keyTuple(column)}]::text[] AS "row_key", ${ident(column.column)} AS "ciphertext", "sealing_key_id"
      FROM ${ident(column.table)}
     WHERE "sealing_key_id" IS DISTINCT FROM ${keyId} AND octet_length(${ident(column.column)}) > 0 ${after}
     ORDER BY ${keyTuple(column)} LIMIT ${limit}`
  return rows.map((row) => ({ rowKey: row.row_key, ciphertext: row.ciphertext, sealingKeyId: row.sealing_key_id }))
}

/**
 * Stores the value sealed again, only if the row still holds the ciphertext it was read with:
 * a replica starting beside this one may have sealed it first, or the value changed meanwhile
 * (a delegated key revoked): then nothing is written. Answers whether it was.
 */
export async function replaceSeal(db: Db, column: SealedColumn, read: StoredSeal, resealed: { ciphertext: Uint8Array; sealingKeyId: string }): Promise<boolean> {
  const count = await open(db).$executeRaw`
    UPDATE ${ident(column.table)} SET ${ident(column.column)} = ${Buffer.from(resealed.ciphertext)}, "sealing_key_id" = ${resealed.sealingKeyId}
     WHERE (${keyTuple(column)}) = (${Prisma.join(read.rowKey)}) AND ${ident(column.column)} = ${Buffer.from(read.ciphertext)}`
  return count > 0
}
