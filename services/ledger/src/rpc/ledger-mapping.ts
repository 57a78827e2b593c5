import {
  SystemAccountKind as ProtoSystemAccountKind,
  TransferCode as ProtoTransferCode,
  TransferKind as ProtoTransferKind,
  type AccountRef as ProtoAccountRef,
  type Balance,
  type Transfer,
  type TransferLeg,
} from '@pp/proto/ledger/v1/ledger'
import { availableOf, totalOf } from '../domain/transfers/rules.js'
import type { AccountBalance, AccountRef, LegRequest, RecordedTransfer, SystemAccountKind } from '../domain/transfers/types.js'

/** A proto enum value's name without its prefix ("TRANSFER_CODE_FEE" → "FEE"); unset values stay "UNSPECIFIED" for the domain to refuse. */
const enumName = (names: Record<number, string>, value: number, prefix: string): string =>
  (names[value] ?? 'UNRECOGNIZED').replace(prefix, '')

export const transferCodeOf = (code: ProtoTransferCode): string => enumName(ProtoTransferCode, code, 'TRANSFER_CODE_')

/** A oneof left empty is an account id "" that the domain refuses as missing. */
export function accountRefOf(ref: ProtoAccountRef | undefined): AccountRef {
  if (ref?.system) {
    const kind = enumName(ProtoSystemAccountKind, ref.system.kind, 'SYSTEM_ACCOUNT_KIND_') as SystemAccountKind
    return { system: { kind, currency: ref.system.currency } }
  }
  return { accountId: ref?.accountId ?? '' }
}

export const legOf = (leg: TransferLeg): LegRequest => ({
  debit: accountRefOf(leg.debit),
  credit: accountRefOf(leg.credit),
  currency: leg.currency,
  amount: leg.amount,
})

export const transferToProto = (transfer: RecordedTransfer): Transfer => ({
  id: transfer.id,
  kind: ProtoTransferKind[`TRANSFER_KIND_${transfer.kind}`],
  code: ProtoTransferCode[`TRANSFER_CODE_${transfer.code}`],
  pendingId: transfer.pendingId,
  legs: transfer.legs,
  createdAt: transfer.createdAt,
})

export const balanceToProto = (balance: AccountBalance): Balance => ({
  ...balance,
  available: availableOf(balance),
  total: totalOf(balance),
})
