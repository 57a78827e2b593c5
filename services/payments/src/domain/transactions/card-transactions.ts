import type { Origin } from '@pp/tenancy'
import { upsertCardTransaction } from '../../db/card-transactions.db.js'
import type { PaymentsDeps } from '../deps.js'
import type { TransactionRow } from './types.js'

/** A card transaction as the cards service reports it (its CARD_TRANSACTION_RECORDED fact). */
export interface CardTransactionReport {
  cardTransactionId: string
  version: number
  cardId: string
  customerId: string
  platformCustomerId: string
  accountId: string
  status: string
  direction: string
  currency: string
  authorizedAmount: bigint
  /** The cards service's JSON of it: what GET /transactions shows. */
  transaction: unknown
  createdAt: Date
  updatedAt: Date
}

const SETTLED = ['SETTLED', 'REFUNDED']

/**
 * Keeps the card transaction listed at its latest version, so GET /transactions pages over card
 * transactions with the others in one statement. Its webhooks are the cards service's own.
 */
export async function recordCardTransaction(deps: Pick<PaymentsDeps, 'sql'>, origin: Origin, report: CardTransactionReport): Promise<void> {
  await upsertCardTransaction(deps.sql, cardTransactionRow(origin, report))
}

function cardTransactionRow(origin: Origin, report: CardTransactionReport): TransactionRow {
  const account = { sourceType: 'ACCOUNT', accountId: report.accountId, currency: report.currency }
  const card = { cardId: report.cardId, currency: report.currency }
  const debit = report.direction === 'DEBIT'
  return {
    id: report.cardTransactionId,
    platformId: origin.platformId,
    environment: origin.environment,
    quoteId: null,
    type: 'CARD',
    direction: report.direction,
    status: report.status,
    stage: 'DONE',
    outcome: 'CARD',
    failureReason: null,
    failureDetails: null,
    customerId: report.customerId,
    platformCustomerId: report.platformCustomerId,
    source: debit ? account : card,
    destination: debit ? card : { destinationType: 'ACCOUNT', accountId: report.accountId, currency: report.currency },
    sourceAccountType: null,
    sendingCurrency: report.currency,
    sentAmount: report.authorizedAmount,
    receivingCurrency: report.currency,
    receivedAmount: report.authorizedAmount,
    fees: 0n,
    platformFees: 0n,
    exchangeRate: null,
    rateDetails: null,
    legs: [],
    refund: null,
    description: null,
    paymentRail: null,
    reference: report.cardTransactionId,
    senderIdentifier: debit ? report.accountId : null,
    receiverIdentifier: debit ? null : report.accountId,
    settledAt: SETTLED.includes(report.status) ? report.updatedAt : null,
    receiptDeliveryConfirmedAt: null,
    requestId: origin.requestId ?? null,
    cardJson: report.transaction as TransactionRow['cardJson'],
    cardVersion: report.version,
    createdAt: report.createdAt,
    updatedAt: report.updatedAt,
  }
}
