import { ApiError } from '@pp/errors'

export const ACCOUNT_STATUSES = ['PENDING', 'ACTIVE', 'CLOSED', 'FROZEN', 'FAILED'] as const
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number]

/** Why each status other than ACTIVE stops money (spec, internal account status table). */
const BLOCKED_BECAUSE: Record<Exclude<AccountStatus, 'ACTIVE'>, string> = {
  PENDING: 'is still being provisioned and cannot send or receive payments until provisioning completes',
  FAILED: 'could not be provisioned and cannot send or receive payments until it is remediated',
  CLOSED: 'is closed and cannot send or receive payments',
  FROZEN: 'is frozen: payments are blocked while it stays frozen',
}

/** Only an ACTIVE account sends or receives; every other status answers 409 naming it. */
export function assertCanMoveMoney(accountId: string, status: AccountStatus): void {
  if (status === 'ACTIVE') return
  throw new ApiError('CONFLICT', `Internal account ${accountId} ${BLOCKED_BECAUSE[status]}`, { accountId, status })
}

/**
 * The status table: provisioning completes (ACTIVE) or fails (FAILED); an active account closes;
 * the service freezes a pending or active account and may lift the freeze; a deleted customer's
 * accounts close, pending ones too. CLOSED and FAILED are final here (remediation is not part of
 * the spec).
 */
const NEXT: Record<AccountStatus, readonly AccountStatus[]> = {
  PENDING: ['ACTIVE', 'FAILED', 'FROZEN', 'CLOSED'],
  ACTIVE: ['CLOSED', 'FROZEN'],
  FROZEN: ['ACTIVE'],
  CLOSED: [],
  FAILED: [],
}

export function assertTransition(accountId: string, from: AccountStatus, to: AccountStatus): void {
  if (NEXT[from].includes(to)) return
  throw new ApiError('INVALID_STATE_TRANSITION', `Internal account ${accountId} cannot move from ${from} to ${to}`, {
    accountId,
    status: from,
    requestedStatus: to,
  })
}
