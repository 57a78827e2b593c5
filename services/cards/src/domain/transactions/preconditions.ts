import { ApiError, invalidInput } from '@pp/errors'
import type { CardTransactionRecord, CardTransactionStatus } from '../types.js'
import type { MessageKind } from './message.js'

const PARENT_STATUSES: Partial<Record<MessageKind, readonly CardTransactionStatus[]>> = {
  CLEARING: ['AUTHORIZED', 'PARTIALLY_SETTLED'],
  AUTHORIZATION_ADVICE: ['AUTHORIZED', 'PARTIALLY_SETTLED'],
  RETURN: ['SETTLED', 'PARTIALLY_SETTLED'],
  RETURN_REVERSAL: ['REFUNDED'],
}

/**
 * An authorization that expired (its window passed, its card closed, or a clearing of 0) is SETTLED
 * with no clearing. A clearing that still comes is a late presentment: the reference has clearings
 * after a close "follow the standard force-post / late-presentment path", so it is posted as a new
 * transfer from the account the authorization held on (EXCEPTION when that fails).
 */
const isLatePresentment = (kind: MessageKind, parent: CardTransactionRecord, amount: bigint | undefined): boolean =>
  kind === 'CLEARING' && parent.status === 'SETTLED' && parent.settlementCount === 0 && (amount ?? 0n) > 0n

/**
 * Why a message cannot act on its parent transaction, as the API error (409 CONFLICT for the
 * parent's status or direction, 400 for a return above what is left to refund); undefined when it can.
 */
export function refusalOf(kind: MessageKind, parent: CardTransactionRecord, amount: bigint | undefined): ApiError | undefined {
  const statuses = PARENT_STATUSES[kind] ?? []
  if (!statuses.includes(parent.status) && !isLatePresentment(kind, parent, amount)) {
    return new ApiError('CONFLICT', `A ${kind} needs a card transaction that is ${statuses.join(' or ')}; ${parent.id} is ${parent.status}`, {
      cardTransactionId: parent.id,
      status: parent.status,
    })
  }
  if ((kind === 'RETURN' || kind === 'AUTHORIZATION_ADVICE') && parent.direction !== 'DEBIT') {
    return new ApiError('CONFLICT', `A ${kind} applies to a DEBIT card transaction; ${parent.id} is a ${parent.direction}`, { cardTransactionId: parent.id })
  }
  if (kind === 'RETURN' && amount !== undefined && amount > parent.settledAmount - parent.refundedAmount) {
    return invalidInput([
      { field: 'amount', message: `at most ${parent.settledAmount - parent.refundedAmount}, what is settled and not yet returned` },
    ])
  }
  return undefined
}
