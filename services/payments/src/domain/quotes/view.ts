import type { Quote } from '@pp/contracts'
import { amountToJson } from '@pp/money'
import { currencyView, defined, rateDetailsView, type SideView } from '../transactions/view.js'
import { quoteStatusAt } from './get-quote.js'
import type { PaymentInstructions } from './payment-instructions.js'
import type { QuoteRow } from './types.js'

/** A quote as the API shows it (the reference's Quote). */
export type QuoteView = Quote

/** The source as the reference's QuoteSourceOneOf shows it: the fields of its type only. */
function sourceView(stored: SideView): QuoteView['source'] {
  const { sourceType, accountId, customerId, currency, cryptoNetwork } = stored
  const fields: Record<string, string | undefined> = sourceType === 'REALTIME_FUNDING' ? { customerId, currency, cryptoNetwork } : { accountId, customerId }
  return defined({ sourceType, ...fields }) as QuoteView['source']
}

/** The destination as the reference's QuoteDestinationOneOf shows it: the fields of its type only. */
function destinationView(stored: SideView): QuoteView['destination'] {
  const { destinationType, accountId, paymentRail, umaAddress, currency } = stored
  const fields: Record<string, string | undefined> = destinationType === 'UMA_ADDRESS' ? { umaAddress, currency } : { accountId, paymentRail }
  return defined({ destinationType, ...fields }) as QuoteView['destination']
}

/**
 * The quote as the API shows it at `now` (a lapsed PENDING quote shows EXPIRED). Payment
 * instructions appear only where there are some (realtime funding), and not while the quote awaits
 * its SCA authorization, when it shows the challenge instead; the description and the source
 * account type stay inside the service. The row keeps the status as text, written from the
 * contract's values, and the challenge as the customers service answered it (the contract's
 * ScaChallenge); view.test.ts holds each status and side to the contract.
 */
export function quoteJson(row: QuoteRow, now: Date): QuoteView {
  const status = quoteStatusAt(row, now)
  const awaitingAuthorization = status === 'PENDING_AUTHORIZATION'
  const instructions = awaitingAuthorization ? [] : (row.paymentInstructions as PaymentInstructions[])
  return defined<QuoteView>({
    id: row.id,
    status: status as QuoteView['status'],
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    source: sourceView(row.source as SideView),
    destination: destinationView(row.destination as SideView),
    sendingCurrency: currencyView(row.sendingCurrency),
    receivingCurrency: currencyView(row.receivingCurrency),
    totalSendingAmount: amountToJson(row.totalSendingAmount),
    totalReceivingAmount: amountToJson(row.totalReceivingAmount),
    exchangeRate: Number(row.exchangeRate),
    feesIncluded: amountToJson(row.feesIncluded),
    platformFeesIncluded: amountToJson(row.platformFeesIncluded),
    paymentInstructions: instructions.length > 0 ? instructions : undefined,
    scaChallenge: awaitingAuthorization ? (row.scaChallenge as QuoteView['scaChallenge']) : undefined,
    transactionId: row.transactionId,
    rateDetails: rateDetailsView(row.rateDetails),
  })
}
