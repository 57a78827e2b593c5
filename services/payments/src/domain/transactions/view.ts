import { amountToJson, findCurrency } from '@pp/money'
import type { Transaction } from '../../db/generated/client.js'

/** An amount as the API shows it: the integer and the currency object. */
export function currencyAmountJson(amount: bigint, code: string): Record<string, unknown> {
  const currency = findCurrency(code)
  return { amount: amountToJson(amount), currency: currency ?? { code } }
}

const iso = (date: Date | null): string | undefined => date?.toISOString()

/**
 * The transaction as the API shows it (the reference's OutgoingTransaction / IncomingTransaction);
 * events carry exactly this. Rates are decimal strings inside the service and JSON numbers here.
 */
export function transactionJson(row: Transaction): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: row.id,
    status: row.status,
    type: row.type,
    direction: row.direction,
    ...(Object.keys(row.source as object).length > 0 ? { source: row.source } : {}),
    destination: row.destination,
    customerId: row.customerId,
    platformCustomerId: row.platformCustomerId,
    sentAmount: currencyAmountJson(row.sentAmount, row.sendingCurrency),
    receivedAmount: currencyAmountJson(row.receivedAmount, row.receivingCurrency),
    fees: amountToJson(row.fees),
    platformFees: amountToJson(row.platformFees),
    reconciliationInstructions: { reference: row.reference },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
  const optional: Record<string, unknown> = {
    exchangeRate: row.exchangeRate === null ? undefined : Number(row.exchangeRate),
    description: row.description ?? undefined,
    quoteId: row.quoteId ?? undefined,
    failureReason: row.status === 'FAILED' ? (row.failureReason ?? undefined) : undefined,
    refund: row.refund ?? undefined,
    rateDetails: row.rateDetails ? rateDetailsJson(row.rateDetails as Record<string, string>) : undefined,
    paymentRail: row.paymentRail ?? undefined,
    settledAt: iso(row.settledAt),
    receiptDeliveryConfirmedAt: iso(row.receiptDeliveryConfirmedAt),
  }
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) view[key] = value
  return view
}

/** Stored rate details (decimal strings) as the API's numbers. */
export const rateDetailsJson = (details: Record<string, string>): Record<string, number> =>
  Object.fromEntries(Object.entries(details).map(([key, value]) => [key, Number(value)]))
