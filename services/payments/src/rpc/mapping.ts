import { findCurrency } from '@pp/money'
import type { Currency, CurrencyAmount, PaymentInstructions } from '@pp/proto/ledger/v1/internal_accounts'
import type {
  Quote as QuoteProto,
  QuoteDestination,
  QuoteSource,
  RateDetails,
  Refund,
  Transaction as TransactionProto,
  TransactionDestination,
  TransactionSource,
} from '@pp/proto/payments/v1/payments'
import type { Quote, Transaction } from '../db/generated/client.js'
import { quoteStatusAt } from '../domain/quotes/get-quote.js'
import type { RefundState } from '../domain/transactions/transitions.js'

const currencyOf = (code: string): Currency => {
  const currency = findCurrency(code)
  return { code, name: currency?.name ?? code, symbol: currency?.symbol ?? code, decimals: currency?.decimals ?? 0 }
}

const amountOf = (amount: bigint, code: string): CurrencyAmount => ({ amount, currency: currencyOf(code) })

/** Stored rate details are decimal strings and integer strings; the proto keeps rates as strings. */
function rateDetailsOf(stored: unknown): RateDetails | undefined {
  if (!stored) return undefined
  const d = stored as Record<string, string>
  return {
    counterpartyMultiplier: d.counterpartyMultiplier ?? '1',
    counterpartyFixedFee: BigInt(d.counterpartyFixedFee ?? '0'),
    serviceApiMultiplier: d.serviceApiMultiplier ?? '1',
    serviceApiFixedFee: BigInt(d.serviceApiFixedFee ?? '0'),
    serviceApiVariableFeeRate: d.serviceApiVariableFeeRate ?? '0',
    serviceApiVariableFeeAmount: BigInt(d.serviceApiVariableFeeAmount ?? '0'),
  }
}

export function quoteToProto(row: Quote, now: Date): QuoteProto {
  return {
    id: row.id,
    status: quoteStatusAt(row, now),
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    source: row.source as unknown as QuoteSource,
    destination: row.destination as unknown as QuoteDestination,
    sendingCurrency: currencyOf(row.sendingCurrency),
    receivingCurrency: currencyOf(row.receivingCurrency),
    totalSendingAmount: row.totalSendingAmount,
    totalReceivingAmount: row.totalReceivingAmount,
    exchangeRate: row.exchangeRate,
    feesIncluded: row.feesIncluded,
    platformFeesIncluded: row.platformFeesIncluded,
    paymentInstructions: row.paymentInstructions as unknown as PaymentInstructions[],
    transactionId: row.transactionId,
    rateDetails: rateDetailsOf(row.rateDetails),
    sourceAccountType: row.sourceAccountType ?? undefined,
    description: row.description ?? undefined,
  }
}

function refundOf(stored: unknown): Refund | undefined {
  if (!stored) return undefined
  const r = stored as RefundState
  return {
    reference: r.reference,
    initiatedAt: new Date(r.initiatedAt),
    settledAt: r.settledAt ? new Date(r.settledAt) : undefined,
    status: r.status,
    reason: r.reason,
  }
}

export function transactionToProto(row: Transaction): TransactionProto {
  return {
    id: row.id,
    status: row.status,
    type: row.type,
    direction: row.direction,
    // money the ledger credited from outside has no source on record
    source: Object.keys(row.source as object).length > 0 ? (row.source as unknown as TransactionSource) : undefined,
    destination: row.destination as unknown as TransactionDestination,
    customerId: row.customerId,
    platformCustomerId: row.platformCustomerId,
    sentAmount: amountOf(row.sentAmount, row.sendingCurrency),
    receivedAmount: amountOf(row.receivedAmount, row.receivingCurrency),
    exchangeRate: row.exchangeRate ?? undefined,
    fees: row.fees,
    platformFees: row.platformFees,
    description: row.description ?? undefined,
    quoteId: row.quoteId ?? undefined,
    failureReason: row.status === 'FAILED' ? (row.failureReason ?? undefined) : undefined,
    refund: refundOf(row.refund),
    rateDetails: rateDetailsOf(row.rateDetails),
    paymentRail: row.paymentRail ?? undefined,
    reconciliationInstructions: { reference: row.reference },
    settledAt: row.settledAt ?? undefined,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    receiptDeliveryConfirmedAt: row.receiptDeliveryConfirmedAt ?? undefined,
    sourceAccountType: row.sourceAccountType ?? undefined,
  }
}
