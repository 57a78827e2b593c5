import type { z } from '@hono/zod-openapi'
import {
  CreateQuoteRequest,
  ListTransactionsRequest,
  type Quote,
  type QuoteDestination,
  type QuoteSource,
  type RateDetails,
  type Transaction,
  type TransactionDestination,
  type TransactionSource,
} from '@pp/proto/payments/v1/payments'
import { isoTimestamp } from '../schemas/common.js'
import type { QuoteJson, QuoteRequestJson, RateDetailsSchema } from '../schemas/quotes.js'
import type { ListTransactionsQuerySchema, TransactionJson } from '../schemas/transactions.js'
import { amountToJson, instructionsToJson } from './internal-accounts-mapping.js'

/**
 * JSON ⇄ proto for quotes and transactions. The proto flattens the reference's one-of objects
 * (source, destination) into optional fields selected by their type, and carries money as int64
 * and rates as decimal strings; the API shows JSON integers and numbers.
 */

const EMPTY_CURRENCY = { code: '', name: '', symbol: '', decimals: 0 }

/** Leaves out the keys whose value is undefined, so optional fields are absent, not null. */
const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T

/** Amounts are below 2^53 by the API's input bounds, so the number is exact. */
const numberOf = (value: bigint | undefined): number | undefined => (value === undefined ? undefined : Number(value))

export function quoteRequestToProto(body: QuoteRequestJson): CreateQuoteRequest {
  const { lockedCurrencyAmount, platformFeeOverride, ...rest } = body
  return CreateQuoteRequest.fromPartial({
    ...rest,
    lockedCurrencyAmount: BigInt(lockedCurrencyAmount),
    platformFeeOverride: platformFeeOverride && {
      platformVariableFeeBps: platformFeeOverride.platformVariableFeeBps,
      platformFixedFee: { ...platformFeeOverride.platformFixedFee, amount: BigInt(platformFeeOverride.platformFixedFee.amount) },
    },
  })
}

export function listQueryToProto(query: z.infer<typeof ListTransactionsQuerySchema>): ListTransactionsRequest {
  const date = (value: string | undefined) => (value === undefined ? undefined : new Date(value))
  return ListTransactionsRequest.fromPartial({ ...query, startDate: date(query.startDate), endDate: date(query.endDate) })
}

function quoteSourceToJson(source: QuoteSource | undefined): QuoteJson['source'] {
  const { sourceType, accountId, customerId, currency, cryptoNetwork } = source ?? { sourceType: '' }
  const fields = sourceType === 'REALTIME_FUNDING' ? { customerId, currency, cryptoNetwork } : { accountId, customerId }
  return defined({ sourceType, ...fields }) as QuoteJson['source']
}

function quoteDestinationToJson(destination: QuoteDestination | undefined): QuoteJson['destination'] {
  const { destinationType, accountId, paymentRail, umaAddress, currency } = destination ?? { destinationType: '' }
  const fields = destinationType === 'UMA_ADDRESS' ? { umaAddress, currency } : { accountId, paymentRail }
  return defined({ destinationType, ...fields }) as QuoteJson['destination']
}

function rateDetailsToJson(details: RateDetails | undefined): z.infer<typeof RateDetailsSchema> | undefined {
  if (!details) return undefined
  return {
    counterpartyMultiplier: Number(details.counterpartyMultiplier),
    counterpartyFixedFee: Number(details.counterpartyFixedFee),
    serviceApiMultiplier: Number(details.serviceApiMultiplier),
    serviceApiFixedFee: Number(details.serviceApiFixedFee),
    serviceApiVariableFeeRate: Number(details.serviceApiVariableFeeRate),
    serviceApiVariableFeeAmount: Number(details.serviceApiVariableFeeAmount),
  }
}

/** The quote as the API shows it; payment instructions only where there are some (realtime funding). */
export function quoteToJson(quote: Quote): QuoteJson {
  return defined({
    id: quote.id,
    status: quote.status as QuoteJson['status'],
    createdAt: isoTimestamp(quote.createdAt)!,
    expiresAt: isoTimestamp(quote.expiresAt)!,
    source: quoteSourceToJson(quote.source),
    destination: quoteDestinationToJson(quote.destination),
    sendingCurrency: quote.sendingCurrency ?? EMPTY_CURRENCY,
    receivingCurrency: quote.receivingCurrency ?? EMPTY_CURRENCY,
    totalSendingAmount: Number(quote.totalSendingAmount),
    totalReceivingAmount: Number(quote.totalReceivingAmount),
    exchangeRate: Number(quote.exchangeRate),
    feesIncluded: Number(quote.feesIncluded),
    platformFeesIncluded: Number(quote.platformFeesIncluded),
    paymentInstructions: quote.paymentInstructions.length > 0 ? quote.paymentInstructions.map(instructionsToJson) : undefined,
    transactionId: quote.transactionId,
    rateDetails: rateDetailsToJson(quote.rateDetails),
  })
}

function transactionSourceToJson(source: TransactionSource | undefined): TransactionJson['source'] {
  if (!source) return undefined
  const { sourceType, accountId, umaAddress, customerId, currency, paymentRail, remittanceInformation } = source
  const fields =
    sourceType === 'ACCOUNT' ? { accountId, currency }
    : sourceType === 'UMA_ADDRESS' ? { umaAddress, currency }
    : { customerId, currency, paymentRail, remittanceInformation }
  return defined({ sourceType, ...fields }) as TransactionJson['source']
}

function transactionDestinationToJson(destination: TransactionDestination | undefined): TransactionJson['destination'] {
  const { destinationType, accountId, umaAddress, currency } = destination ?? { destinationType: '' }
  const fields = destinationType === 'UMA_ADDRESS' ? { umaAddress } : { accountId }
  return defined({ destinationType, ...fields, currency }) as TransactionJson['destination']
}

const refundToJson = (refund: Transaction['refund']) =>
  refund && defined({ ...refund, initiatedAt: isoTimestamp(refund.initiatedAt)!, settledAt: isoTimestamp(refund.settledAt) })

/** An incoming or outgoing transaction as the API shows it, without the gateway-only source account type. */
export function transactionToJson(transaction: Transaction): TransactionJson {
  const { sentAmount, receivedAmount, exchangeRate } = transaction
  return defined({
    id: transaction.id,
    status: transaction.status,
    type: transaction.type,
    direction: transaction.direction,
    source: transactionSourceToJson(transaction.source),
    destination: transactionDestinationToJson(transaction.destination),
    customerId: transaction.customerId,
    platformCustomerId: transaction.platformCustomerId,
    sentAmount: sentAmount && amountToJson(sentAmount),
    receivedAmount: receivedAmount && amountToJson(receivedAmount),
    exchangeRate: exchangeRate === undefined ? undefined : Number(exchangeRate),
    fees: numberOf(transaction.fees),
    platformFees: numberOf(transaction.platformFees),
    description: transaction.description,
    quoteId: transaction.quoteId,
    failureReason: transaction.failureReason,
    pendingReason: transaction.pendingReason,
    refund: refundToJson(transaction.refund),
    rateDetails: rateDetailsToJson(transaction.rateDetails),
    paymentRail: transaction.paymentRail,
    reconciliationInstructions: transaction.reconciliationInstructions && defined({ ...transaction.reconciliationInstructions }),
    settledAt: isoTimestamp(transaction.settledAt),
    createdAt: isoTimestamp(transaction.createdAt)!,
    updatedAt: isoTimestamp(transaction.updatedAt)!,
    receiptDeliveryConfirmedAt: isoTimestamp(transaction.receiptDeliveryConfirmedAt),
    expectedSettlementAt: isoTimestamp(transaction.expectedSettlementAt),
  }) as TransactionJson
}
