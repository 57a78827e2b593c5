import type { Tx } from '../../db/client.js'
import { updateAccountStatus } from '../../db/internal-accounts.db.js'
import { recordAccountEvent } from '../../events/outbox.js'
import { ACCOUNT_STATUS_UPDATED } from '../../events/types.js'
import type { Origin } from '../types.js'
import type { AccountStatus } from './status-rules.js'
import type { InternalAccountRecord, InternalAccountView } from './types.js'
import { toAccountView } from './view.js'

/** Moves an account (locked by the caller) to `status`; the change and its event (naming the request behind it, if any) commit together. */
export async function changeStatus(
  tx: Tx,
  origin: Origin,
  record: InternalAccountRecord,
  status: AccountStatus,
  at: Date,
): Promise<InternalAccountView> {
  await updateAccountStatus(tx, record.id, status, at)
  const view = toAccountView({ ...record, status, updatedAt: at })
  await recordAccountEvent(tx, origin, ACCOUNT_STATUS_UPDATED, view)
  return view
}
