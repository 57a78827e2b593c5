export const SYSTEM_ACCOUNT_KINDS = ['FUNDING', 'SETTLEMENT', 'FX', 'FEES'] as const
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number]

export const TRANSFER_CODES = ['PAYMENT', 'FUNDING', 'SETTLEMENT', 'FX', 'FEE', 'CARD', 'SWEEP', 'CORRECTION'] as const
/** Why money moved (TigerBeetle's `code`). */
export type TransferCode = (typeof TRANSFER_CODES)[number]

export type TransferKind = 'DIRECT' | 'PENDING' | 'POST_PENDING' | 'VOID_PENDING'

/** An account by id, or a system account of the tenant by kind and currency. */
export type AccountRef = { accountId: string } | { system: { kind: SystemAccountKind; currency: string } }

export interface LegRequest {
  debit: AccountRef
  credit: AccountRef
  currency: string
  amount: bigint
}

/** A DIRECT or PENDING transfer as asked; code and refs are checked by the use case. */
export interface NewTransferInput {
  transferId: string
  code: string
  legs: LegRequest[]
}

/** A post (optionally of part of a single-leg hold) or a void of the hold `pendingId`. */
export interface ResolutionInput {
  transferId: string
  pendingId: string
  amount?: bigint
}

export interface RecordedLeg {
  debitAccountId: string
  creditAccountId: string
  currency: string
  amount: bigint
}

export interface RecordedTransfer {
  id: string
  kind: TransferKind
  code: TransferCode
  pendingId?: string
  legs: RecordedLeg[]
  createdAt: Date
}

/** Changes to an account's four running totals; `availableNeeded` is what it must still have to spend. */
export interface AccountDelta {
  debitsPending: bigint
  debitsPosted: bigint
  creditsPending: bigint
  creditsPosted: bigint
  availableNeeded: bigint
}

export interface AccountBalance {
  accountId: string
  currency: string
  debitsPending: bigint
  debitsPosted: bigint
  creditsPending: bigint
  creditsPosted: bigint
}
