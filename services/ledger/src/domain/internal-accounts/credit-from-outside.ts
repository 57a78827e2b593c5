import { fingerprintOf } from '@pp/db'
import type { Tx } from '../../db/client.js'
import { findHolder } from '../../db/holders.db.js'
import { recordFundsCredited } from '../../events/outbox.js'
import { recordMovement } from '../transfers/create-transfer.js'
import { tenantOf, type Origin } from '../types.js'
import type { InternalAccountRecord, InternalAccountView } from './types.js'

/** Money that reached an account from outside the ledger: what moved, and the FUNDS_CREDITED fact's words. */
export interface OutsideCredit {
  account: InternalAccountRecord
  /** The funding system account of the currency: the money's counterpart at the bank. */
  fundingId: string
  transferId: string
  amount: bigint
  description: string
}

/** What the credit's transfer is compared by when its id comes again. */
export const outsideCreditFingerprint = (credit: Pick<OutsideCredit, 'account' | 'fundingId' | 'amount'>): string =>
  fingerprintOf({ kind: 'DIRECT', code: 'FUNDING', legs: legsOf(credit) })

const legsOf = ({ account, fundingId, amount }: Pick<OutsideCredit, 'account' | 'fundingId' | 'amount'>) => [
  { debitAccountId: fundingId, creditAccountId: account.id, currency: account.currency, amount },
]

/**
 * Credits the account from its currency's funding account inside the caller's transaction, with
 * the FUNDS_CREDITED fact the payments service records as an INCOMING transaction (and its
 * INCOMING_PAYMENT webhook). Answers the credited account as the API now shows it.
 */
export async function creditFromOutside(tx: Tx, origin: Origin, credit: OutsideCredit, at: Date): Promise<InternalAccountView> {
  const { account, transferId, amount } = credit
  const transfer = { id: transferId, kind: 'DIRECT' as const, code: 'FUNDING' as const, legs: legsOf(credit), createdAt: at, fingerprint: outsideCreditFingerprint(credit) }
  const moved = await recordMovement(tx, origin, transfer)
  // the funding account is a system account: the credited account is the one internal account moved
  const view = moved[0]!
  const holder = account.customerId === null ? undefined : await findHolder(tx, tenantOf(origin), account.customerId)
  await recordFundsCredited(tx, origin, {
    transferId,
    accountId: account.id,
    customerId: account.customerId ?? undefined,
    platformCustomerId: holder?.platformCustomerId,
    currency: account.currency,
    amount,
    description: credit.description,
    creditedAt: at,
  })
  return view
}
