import { invalidInput } from '@pp/errors'
import type { PaymentsDeps } from '../deps.js'
import { createQuote } from '../quotes/create-quote.js'
import type { QuoteDestination } from '../quotes/resolve.js'
import { tenantOf, type Caller } from '../types.js'
import { findTransaction } from './find.js'
import type { TransactionRow } from './types.js'

export interface TransferOutInput {
  /** An internal account. */
  sourceAccountId: string
  /** An external account. */
  destinationAccountId: string
  paymentRail?: string
  amount: bigint
  remittanceInformation?: string
  purposeOfPayment?: string
}

export interface TransferInInput {
  /** An external account with pull. */
  sourceAccountId: string
  /** An internal account. */
  destinationAccountId: string
  amount: bigint
}

/** Sends internal money out to an external account. */
export function transferOut(deps: PaymentsDeps, caller: Caller, request: TransferOutInput): Promise<TransactionRow> {
  requirePrefix(request.sourceAccountId, 'InternalAccount:', 'source.accountId')
  requirePrefix(request.destinationAccountId, 'ExternalAccount:', 'destination.accountId')
  const destination = { destinationType: 'ACCOUNT', accountId: request.destinationAccountId, paymentRail: request.paymentRail }
  const memo = { remittanceInformation: request.remittanceInformation, purposeOfPayment: request.purposeOfPayment }
  return sameCurrencyTransfer(deps, caller, request.sourceAccountId, destination, request.amount, memo)
}

/** Pulls from an external account (e.g. ACH pull) into an internal account. */
export function transferIn(deps: PaymentsDeps, caller: Caller, request: TransferInInput): Promise<TransactionRow> {
  requirePrefix(request.sourceAccountId, 'ExternalAccount:', 'source.accountId')
  requirePrefix(request.destinationAccountId, 'InternalAccount:', 'destination.accountId')
  const destination = { destinationType: 'ACCOUNT', accountId: request.destinationAccountId }
  return sameCurrencyTransfer(deps, caller, request.sourceAccountId, destination, request.amount, {})
}

/**
 * The deprecated same-currency endpoints: a quote executed at once, on exactly the path of
 * POST /quotes with immediatelyExecute, limited to one currency.
 */
async function sameCurrencyTransfer(
  deps: PaymentsDeps,
  caller: Caller,
  sourceAccountId: string,
  destination: QuoteDestination,
  amount: bigint,
  memo: { remittanceInformation?: string; purposeOfPayment?: string },
): Promise<TransactionRow> {
  const source = { sourceType: 'ACCOUNT', accountId: sourceAccountId }
  const request = { source, destination, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: amount, immediatelyExecute: true, ...memo }
  const quote = await createQuote(deps, caller, request, { sameCurrencyOnly: true })
  return findTransaction(deps, tenantOf(caller), quote.transactionId)
}

function requirePrefix(value: string, prefix: string, field: string): void {
  if (!value.startsWith(prefix)) throw invalidInput([{ field, message: `must be an ${prefix.slice(0, -1)} identifier` }])
}
