import { SystemAccountKind, TransferCode as LedgerTransferCode, type AccountRef, type TransferLeg } from '@pp/proto/ledger/v1/ledger'
import type { StoredAccountRef, StoredLeg } from '../domain/quotes/legs.js'
import type { TransferCode } from '../domain/types.js'

const SYSTEM_KINDS = {
  FUNDING: SystemAccountKind.SYSTEM_ACCOUNT_KIND_FUNDING,
  SETTLEMENT: SystemAccountKind.SYSTEM_ACCOUNT_KIND_SETTLEMENT,
  FX: SystemAccountKind.SYSTEM_ACCOUNT_KIND_FX,
  FEES: SystemAccountKind.SYSTEM_ACCOUNT_KIND_FEES,
} as const

export const TRANSFER_CODES: Record<TransferCode, LedgerTransferCode> = {
  PAYMENT: LedgerTransferCode.TRANSFER_CODE_PAYMENT,
  CORRECTION: LedgerTransferCode.TRANSFER_CODE_CORRECTION,
}

const toAccountRef = (ref: StoredAccountRef): AccountRef =>
  'accountId' in ref ? { accountId: ref.accountId } : { system: { kind: SYSTEM_KINDS[ref.system], currency: ref.currency } }

/** Stored legs as the ledger takes them: accounts as references, amounts as integers. */
export const toTransferLegs = (legs: StoredLeg[]): TransferLeg[] =>
  legs.map((l) => ({ debit: toAccountRef(l.debit), credit: toAccountRef(l.credit), currency: l.currency, amount: BigInt(l.amount) }))
