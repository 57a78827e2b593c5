import { ApiError, invalidInput } from '@pp/errors'
import { inTransaction } from '@pp/db'
import type { Tx } from '../../db/client.js'
import { findInternalAccount } from '../../db/internal-accounts.db.js'
import { lockAccounts } from '../../db/ledger-accounts.db.js'
import type { LedgerDeps } from '../deps.js'
import type { Tenant } from '../types.js'
import { changeStatus } from './change-status.js'
import { ACCOUNT_STATUSES, assertTransition, type AccountStatus } from './status-rules.js'
import type { InternalAccountRecord, InternalAccountView } from './types.js'
import { mustExist } from './view.js'

export interface StatusChange {
  accountId: string
  status: string
}

/**
 * Moves an account along the status table (service-internal: provisioning failure, freeze on
 * compliance signals, unfreeze, closing). The account's ledger row is locked first, the lock a
 * transfer takes, so no transfer slips through a freeze.
 */
export async function updateInternalAccountStatus(deps: LedgerDeps, tenant: Tenant, change: StatusChange): Promise<InternalAccountView> {
  const status = assertStatus(change.status)
  return inTransaction(deps.db, async (tx: Tx) => {
    await lockAccounts(tx, tenant, [change.accountId])
    const account = mustExist(await findInternalAccount(tx, tenant, change.accountId), change.accountId)
    assertTransition(account.id, account.status, status)
    if (status === 'CLOSED') assertEmpty(account)
    return changeStatus(tx, tenant, account, status, deps.now())
  })
}

function assertStatus(value: string): AccountStatus {
  if ((ACCOUNT_STATUSES as readonly string[]).includes(value)) return value as AccountStatus
  throw invalidInput([{ field: 'status', message: 'is not an account status', constraint: { enum: [...ACCOUNT_STATUSES] } }])
}

/** A closed account can never move money again, so it must hold nothing, pending or posted. */
function assertEmpty(account: InternalAccountRecord): void {
  const { debitsPending, debitsPosted, creditsPending, creditsPosted } = account.balance
  if (debitsPending === 0n && creditsPending === 0n && creditsPosted === debitsPosted) return
  throw new ApiError('CONFLICT', `Internal account ${account.id} still holds funds or has pending payments; it cannot be closed`, {
    accountId: account.id,
  })
}
