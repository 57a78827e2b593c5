import type { Origin } from '@pp/tenancy'
import { insertTransactionOnce } from '../../db/transactions.db.js'
import { paymentEvent } from '../../events/outbox.js'
import type { PaymentsDeps } from '../deps.js'
import type { TransactionRow } from './types.js'

/** Money the ledger credited to an internal account from outside (its FUNDS_CREDITED fact). */
export interface FundsCredited {
  transferId: string
  accountId: string
  customerId?: string
  platformCustomerId?: string
  currency: string
  amount: bigint
  description: string
  creditedAt: Date
}

/**
 * The transaction of a credited transfer is named after the transfer (same UUID), so however often
 * the fact arrives the transaction exists once; this service alone mints `Transaction:` ids.
 */
export const transactionIdOfTransfer = (transferId: string): string => `Transaction:${transferId.slice(transferId.indexOf(':') + 1)}`

/**
 * Records the credit as a COMPLETED INCOMING transaction, so GET /transactions lists it, and
 * announces it with INCOMING_PAYMENT.COMPLETED; both commit together, once. A platform's own
 * account is held by the platform.
 */
export async function recordFundsCredited(deps: PaymentsDeps, origin: Origin, fact: FundsCredited): Promise<void> {
  const row = incomingTransactionOf(origin, fact)
  await insertTransactionOnce(deps.sql, row, [paymentEvent(row)])
}

function incomingTransactionOf(origin: Origin, fact: FundsCredited): TransactionRow {
  const destination = { destinationType: 'ACCOUNT', accountId: fact.accountId, currency: fact.currency }
  return {
    id: transactionIdOfTransfer(fact.transferId),
    platformId: origin.platformId,
    environment: origin.environment,
    quoteId: null,
    type: 'INCOMING',
    direction: 'CREDIT',
    status: 'COMPLETED',
    stage: 'DONE',
    outcome: 'SETTLE',
    failureReason: null,
    failureDetails: null,
    customerId: fact.customerId ?? origin.platformId,
    platformCustomerId: fact.platformCustomerId ?? origin.platformId,
    source: {},
    destination,
    sourceAccountType: null,
    sendingCurrency: fact.currency,
    sentAmount: fact.amount,
    receivingCurrency: fact.currency,
    receivedAmount: fact.amount,
    fees: 0n,
    platformFees: 0n,
    exchangeRate: null,
    rateDetails: null,
    legs: [],
    refund: null,
    description: fact.description,
    paymentRail: null,
    reference: fact.transferId,
    senderIdentifier: null,
    receiverIdentifier: fact.accountId,
    settledAt: fact.creditedAt,
    receiptDeliveryConfirmedAt: null,
    requestId: origin.requestId ?? null,
    cardJson: null,
    cardVersion: null,
    createdAt: fact.creditedAt,
    updatedAt: fact.creditedAt,
  }
}
