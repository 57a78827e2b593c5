import { newId } from '@pp/ids'
import type { PaymentsDeps } from '../deps.js'
import { callContextOf } from './call-context.js'
import type { TransactionRow } from './types.js'

/** Who holds the internal account an outgoing payment delivers to. */
export interface Recipient {
  customerId: string
  platformCustomerId: string
}

const internalDestinationOf = (row: TransactionRow): string | undefined => {
  const destination = row.destination as { destinationType?: string; accountId?: string }
  return destination.destinationType === 'ACCOUNT' && destination.accountId?.startsWith('InternalAccount:') ? destination.accountId : undefined
}

/**
 * The holder of the internal account this outgoing payment pays into, or undefined when it pays out
 * of the service. Asked before the completing database transaction, since it needs the ledger and
 * customers services; a platform's own account is held by the platform.
 */
export async function recipientOf(deps: PaymentsDeps, row: TransactionRow): Promise<Recipient | undefined> {
  const accountId = row.type === 'OUTGOING' ? internalDestinationOf(row) : undefined
  if (!accountId) return undefined
  const ctx = callContextOf(row, ':arrival')
  const account = await deps.services.internalAccount(ctx, accountId)
  if (!account.customerId) return { customerId: row.platformId, platformCustomerId: row.platformId }
  const customer = await deps.services.customer(ctx, account.customerId)
  return { customerId: customer.id, platformCustomerId: customer.platformCustomerId }
}

/**
 * Money an outgoing payment delivered to an internal account arrives there as an INCOMING
 * transaction of the account's holder, announced with INCOMING_PAYMENT like money from outside. It
 * is written in the same database transaction that completes the payment, so it exists exactly
 * once, and it moves nothing itself: the payment's own ledger transfer already credited the account.
 */
export function arrivalOf(payment: TransactionRow, recipient: Recipient, now: Date): TransactionRow {
  return {
    id: newId('Transaction'),
    platformId: payment.platformId,
    environment: payment.environment,
    quoteId: null,
    type: 'INCOMING',
    direction: 'CREDIT',
    status: 'COMPLETED',
    stage: 'DONE',
    outcome: payment.outcome,
    failureReason: null,
    failureDetails: null,
    customerId: recipient.customerId,
    platformCustomerId: recipient.platformCustomerId,
    source: payment.source ?? {},
    destination: payment.destination ?? {},
    sourceAccountType: null,
    sendingCurrency: payment.sendingCurrency,
    sentAmount: payment.sentAmount,
    receivingCurrency: payment.receivingCurrency,
    receivedAmount: payment.receivedAmount,
    fees: 0n,
    platformFees: 0n,
    exchangeRate: payment.exchangeRate,
    rateDetails: null,
    legs: [],
    refund: null,
    description: payment.description,
    paymentRail: null,
    reference: payment.reference,
    senderIdentifier: payment.senderIdentifier,
    receiverIdentifier: payment.receiverIdentifier,
    settledAt: now,
    receiptDeliveryConfirmedAt: null,
    // the request that paid it caused it too
    requestId: payment.requestId,
    cardJson: null,
    cardVersion: null,
    createdAt: now,
    updatedAt: now,
  }
}
