import { ApiError } from '@pp/errors'
import type { Db } from '../../db/client.js'
import { isUniqueViolation } from '@pp/db'
import { findTransfer, type StoredTransfer } from '../../db/transfers.db.js'
import type { Tenant } from '../types.js'
import type { RecordedTransfer } from './types.js'

const withoutFingerprint = ({ fingerprint: _fingerprint, ...transfer }: StoredTransfer): RecordedTransfer => transfer

/**
 * The first result under this transfer id, or undefined when the id is new. The same id with
 * other content is refused: a transfer id names one movement, never two.
 */
export async function findReplay(db: Db, tenant: Tenant, id: string, fingerprint: string): Promise<RecordedTransfer | undefined> {
  const stored = await findTransfer(db, tenant, id)
  if (!stored) return undefined
  if (stored.fingerprint !== fingerprint) {
    throw new ApiError('IDEMPOTENCY_KEY_REUSED', `Transfer ${id} already exists with different content`, { transferId: id })
  }
  return withoutFingerprint(stored)
}

/**
 * Runs `write` (one transaction). When a unique key refuses it because a concurrent call with the
 * same id committed first, the answer is that call's result (or the reuse error); any other
 * unique violation goes to `onOtherViolation`.
 */
export async function recordOnce(
  db: Db,
  tenant: Tenant,
  id: string,
  fingerprint: string,
  write: () => Promise<RecordedTransfer>,
  onOtherViolation: (err: unknown) => Promise<never> = (err) => Promise.reject(err),
): Promise<RecordedTransfer> {
  try {
    return await write()
  } catch (err) {
    if (!isUniqueViolation(err)) throw err
    const raced = await findReplay(db, tenant, id, fingerprint)
    if (raced) return raced
    return onOtherViolation(err)
  }
}
