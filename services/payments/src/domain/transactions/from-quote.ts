import type { QuoteRow } from '../quotes/types.js'
import type { TransactionRow } from './types.js'

/**
 * The outgoing transaction an executed quote becomes, owing its hold. Its reconciliation reference
 * is the one of the quote's payment instructions, else one derived from its id.
 */
export function transactionFromQuote(quote: QuoteRow, now: Date, requestId: string, source: TransactionRow['source'] = quote.source): TransactionRow {
  const instructions = quote.paymentInstructions as Array<{ accountOrWalletInfo?: { reference?: string } }>
  return {
    id: quote.transactionId,
    platformId: quote.platformId,
    environment: quote.environment,
    quoteId: quote.id,
    type: 'OUTGOING',
    direction: 'DEBIT',
    status: 'PENDING',
    stage: 'HOLD',
    outcome: quote.outcome,
    failureReason: null,
    failureDetails: null,
    customerId: quote.customerId ?? quote.platformId,
    platformCustomerId: quote.platformCustomerId ?? quote.platformId,
    source,
    destination: quote.destination,
    sourceAccountType: quote.sourceAccountType,
    sendingCurrency: quote.sendingCurrency,
    sentAmount: quote.totalSendingAmount,
    receivingCurrency: quote.receivingCurrency,
    receivedAmount: quote.totalReceivingAmount,
    fees: quote.feesIncluded,
    platformFees: quote.platformFeesIncluded,
    exchangeRate: quote.exchangeRate,
    rateDetails: quote.rateDetails,
    legs: quote.legs,
    refund: null,
    description: quote.description,
    paymentRail: quote.paymentRail,
    reference: instructions[0]?.accountOrWalletInfo?.reference ?? `PAY-${quote.transactionId.slice(-12).toUpperCase()}`,
    senderIdentifier: quote.senderIdentifier,
    receiverIdentifier: quote.receiverIdentifier,
    settledAt: null,
    receiptDeliveryConfirmedAt: null,
    requestId,
    cardJson: null,
    cardVersion: null,
    createdAt: now,
    updatedAt: now,
  }
}
