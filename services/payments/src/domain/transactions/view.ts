import type { Transaction } from '@pp/contracts'
import { amountToJson, findCurrency, type Currency } from '@pp/money'
import type { RefundState } from './transitions.js'
import type { TransactionRow } from './types.js'

/** An amount in the currency's smallest unit, with the currency object. */
export interface CurrencyAmountView {
  amount: number
  currency: Currency
}

/** The reference's OutgoingRateDetails: multipliers and rates as numbers, fees in the sending currency's smallest unit. */
export interface RateDetailsView {
  counterpartyMultiplier: number
  counterpartyFixedFee: number
  serviceApiMultiplier: number
  serviceApiFixedFee: number
  serviceApiVariableFeeRate: number
  serviceApiVariableFeeAmount: number
}

/** One side of a quote or transaction: which fields it has depends on its type. */
export type SideView = Record<string, string>

/** An outgoing, incoming or card transaction as the API shows it (the reference's Transaction). */
export type TransactionView = Transaction

/** The currency object of a code; a code @pp/money does not know (none is stored today) names itself rather than failing the read. */
export const currencyView = (code: string): Currency => findCurrency(code) ?? { code, name: code, symbol: code, decimals: 0 }

export const currencyAmountView = (amount: bigint, code: string): CurrencyAmountView => ({ amount: amountToJson(amount), currency: currencyView(code) })

/** Leaves out the keys whose value is undefined, so optional fields are absent, not null. */
export const defined = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T

/** Stored rate details (decimal and integer strings, all six written with the quote) as the API's numbers. */
export function rateDetailsView(stored: unknown): RateDetailsView {
  const details = stored as Record<keyof RateDetailsView, string>
  return {
    counterpartyMultiplier: Number(details.counterpartyMultiplier),
    counterpartyFixedFee: Number(details.counterpartyFixedFee),
    serviceApiMultiplier: Number(details.serviceApiMultiplier),
    serviceApiFixedFee: Number(details.serviceApiFixedFee),
    serviceApiVariableFeeRate: Number(details.serviceApiVariableFeeRate),
    serviceApiVariableFeeAmount: Number(details.serviceApiVariableFeeAmount),
  }
}

/**
 * The source as the reference's TransactionSourceOneOf shows it: the fields of its type only (the
 * stored side keeps what the quote and the arrival recorded besides). Money the ledger credited
 * from outside has no source on record, and shows none.
 */
function sourceView(stored: Record<string, string>): SideView | undefined {
  if (Object.keys(stored).length === 0) return undefined
  const { sourceType, accountId, umaAddress, customerId, currency, paymentRail, remittanceInformation } = stored
  const fields: Record<string, string | undefined> =
    sourceType === 'ACCOUNT' ? { accountId, currency }
    : sourceType === 'UMA_ADDRESS' ? { umaAddress, currency }
    : { customerId, currency, paymentRail, remittanceInformation }
  return defined({ sourceType, ...fields }) as SideView
}

/** The destination as the reference's TransactionDestinationOneOf shows it: an account or an UMA address, and the currency. */
function destinationView(stored: Record<string, string>): SideView {
  const { destinationType, accountId, umaAddress, currency } = stored
  const fields: Record<string, string | undefined> = destinationType === 'UMA_ADDRESS' ? { umaAddress, currency } : { accountId, currency }
  return defined({ destinationType, ...fields }) as SideView
}

const iso = (date: Date | null): string | undefined => date?.toISOString()

/** What the reference's OutgoingTransaction has and its IncomingTransaction does not: the platform's fees, the rates, the rail. */
const outgoingFields = (row: TransactionRow) => ({
  platformFees: amountToJson(row.platformFees),
  rateDetails: row.rateDetails ? rateDetailsView(row.rateDetails) : undefined,
  paymentRail: row.paymentRail ?? undefined,
})

/**
 * The transaction as the API shows it, and as its events carry it. Rates are decimal strings
 * inside the service and JSON numbers here; a failure reason shows only on a FAILED transaction.
 * The row keeps status, type and rail as text, written from the contract's values; view.test.ts
 * holds each type and status to the contract.
 */
export function transactionJson(row: TransactionRow): TransactionView {
  // a card transaction shows as the cards service, which owns it, made it
  if (row.type === 'CARD' && row.cardJson !== null) return row.cardJson as unknown as TransactionView
  return defined({
    id: row.id,
    status: row.status,
    type: row.type,
    direction: row.direction,
    source: sourceView(row.source as Record<string, string>),
    destination: destinationView(row.destination as Record<string, string>),
    customerId: row.customerId,
    platformCustomerId: row.platformCustomerId,
    sentAmount: currencyAmountView(row.sentAmount, row.sendingCurrency),
    receivedAmount: currencyAmountView(row.receivedAmount, row.receivingCurrency),
    exchangeRate: row.exchangeRate === null ? undefined : Number(row.exchangeRate),
    fees: amountToJson(row.fees),
    description: row.description ?? undefined,
    quoteId: row.quoteId ?? undefined,
    failureReason: row.status === 'FAILED' ? (row.failureReason ?? undefined) : undefined,
    failureDetails: row.status === 'FAILED' ? ((row.failureDetails as Record<string, string> | null) ?? undefined) : undefined,
    refund: (row.refund as RefundState | null) ?? undefined,
    ...(row.type === 'OUTGOING' && outgoingFields(row)),
    reconciliationInstructions: { reference: row.reference },
    settledAt: iso(row.settledAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    receiptDeliveryConfirmedAt: iso(row.receiptDeliveryConfirmedAt),
  }) as TransactionView
}
