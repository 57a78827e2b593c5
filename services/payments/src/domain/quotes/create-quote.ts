import { ApiError, invalidInput, notConfigured } from '@pp/errors'
import { newId } from '@pp/ids'
import { findCurrency } from '@pp/money'
import { findReplay, idempotentCall, isUniqueViolation } from '@pp/db'
import { insertQuote } from '../../db/quotes.db.js'
import type { PaymentsDeps } from '../deps.js'
import type { Caller, CustomerFacts } from '../types.js'
import { tenantOf } from '../types.js'
import { transactionFromQuote } from '../transactions/from-quote.js'
import { executeQuote, runExecution } from './execute-quote.js'
import { feeScheduleFor, type PlatformFeeOverride } from './fees.js'
import { paymentLegs, type StoredAccountRef } from './legs.js'
import { walletSigningInstructions } from './payment-instructions.js'
import { bpsAsRate, priceQuote, type LockedSide } from './pricing.js'
import { assertReceiverLookedUp } from './receiver-lookup.js'
import { resolveDestination, resolveSource, type QuoteDestination, type QuoteSource, type ResolvedSide } from './resolve.js'
import { assertWithinSizeLimit } from './size-limits.js'
import { findQuote } from './get-quote.js'
import type { QuoteRow } from './types.js'

/** The reference's maximum lockedCurrencyAmount. */
const LOCKED_AMOUNT_MAX = 9_000_000_000_000_000n
const END_USER_TERMS = 'SERVICE_END_USER_TERMS'

/**
 * A quote request as the caller made it. An Idempotency-Key's fingerprint covers every field it
 * carries, those this service does not read included.
 */
export interface CreateQuoteInput {
  source?: QuoteSource
  destination?: QuoteDestination
  lockedCurrencySide: string
  lockedCurrencyAmount: bigint
  immediatelyExecute: boolean
  description?: string
  platformFeeOverride?: PlatformFeeOverride
  lookupId?: string
  senderCustomerInfo?: Record<string, unknown>
}

/**
 * Prices a transfer and records the quote; with immediatelyExecute, executes it too. With an
 * Idempotency-Key a retry answers the same quote (executing it if the first call stopped short).
 */
export async function createQuote(
  deps: PaymentsDeps,
  caller: Caller,
  request: CreateQuoteInput,
  options: { sameCurrencyOnly?: boolean } = {},
): Promise<QuoteRow> {
  const call = caller.idempotencyKey ? idempotentCall(caller.idempotencyKey, 'createQuote', request, deps) : undefined
  if (call) {
    const replay = await findReplay<{ quoteId: string }>(deps.sql, tenantOf(caller), call)
    if (replay) return finishReplay(deps, caller, replay.quoteId, request.immediatelyExecute)
  }
  const lockedSide = lockedSideOf(request.lockedCurrencySide)
  if (request.lockedCurrencyAmount <= 0n || request.lockedCurrencyAmount > LOCKED_AMOUNT_MAX) {
    throw invalidInput([{ field: 'lockedCurrencyAmount', message: `must be between 1 and ${LOCKED_AMOUNT_MAX}` }])
  }
  const [source, destination] = await Promise.all([
    resolveSource(deps.services, caller, request.source),
    resolveDestination(deps.services, caller, request.destination),
  ])
  if (options.sameCurrencyOnly && source.currency !== destination.currency) {
    throw invalidInput([{ field: 'destination.accountId', message: `must hold ${source.currency}, the source's currency; use POST /quotes to convert` }])
  }
  if (source.accountId && source.accountId === destination.accountId) {
    throw new ApiError('SELF_PAYMENT', 'The source and the destination are the same account')
  }
  if (request.immediatelyExecute && source.accountType === 'EMBEDDED_WALLET') {
    throw invalidInput(
      [{ field: 'immediatelyExecute', message: 'not allowed for an EMBEDDED_WALLET source: execute the quote with a wallet signature' }],
      'immediatelyExecute is not supported for EMBEDDED_WALLET sources',
    )
  }
  await assertReceiverLookedUp(deps, caller, request, destination)
  if (destination.kind === 'EXTERNAL' && destination.ownershipUnverified) {
    throw new ApiError('EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED', 'Verify the ownership of the destination wallet before sending to it', {
      accountId: destination.accountId,
    })
  }
  const platform = await deps.services.platform(caller)
  const customer = await payingCustomer(deps, caller, source, platform.isRegulatedFinancialInstitution)
  const sending = findCurrency(source.currency)
  const receiving = findCurrency(destination.currency)
  if (!sending || !receiving) throw new ApiError('INVALID_CURRENCY', `${source.currency} to ${destination.currency} is not a supported corridor`)
  // a production catalogue (CATALOG_FILE) bounds conversions and payouts; a same-currency move between internal accounts is in none
  const corridors = caller.environment === 'PRODUCTION' ? deps.corridors : undefined
  if (corridors && (destination.kind !== 'INTERNAL' || sending.code !== receiving.code) && !corridors.offers(sending.code, receiving.code)) {
    const corridor = `${sending.code}/${receiving.code}`
    throw notConfigured(`The corridor ${corridor} (declare it in CATALOG_FILE)`, { corridor, setting: 'CATALOG_FILE' })
  }
  const exchange = await deps.rates[caller.environment].rate(sending.code, receiving.code)
  const fees = feeScheduleFor(deps.settings.serviceFeeBps, platform, sending.code, receiving.code, request.platformFeeOverride)
  const price = priceQuote({
    lockedSide,
    lockedAmount: request.lockedCurrencyAmount,
    sendingDecimals: sending.decimals,
    receivingDecimals: receiving.decimals,
    rate: exchange.rate,
    fees,
  })
  assertWithinSizeLimit(deps.settings.sizeLimits, sending.code, receiving.code, price.totalSendingAmount)
  const external = destination.kind === 'INTERNAL' ? source : destination
  const rail = deps.rails[caller.environment].decide({
    counterpartyIdentifier: external.counterpartyIdentifier,
    externalSide: destination.kind === 'EXTERNAL' || destination.kind === 'UMA' ? 'DESTINATION' : source.kind === 'EXTERNAL' ? 'SOURCE' : 'NONE',
    crossCurrency: sending.code !== receiving.code,
    accountType: external.kind === 'UMA' ? 'UMA_ADDRESS' : external.externalAccountType,
    currency: external.currency,
    paymentRail: destination.api.paymentRail,
  })
  const now = deps.now()
  const id = newId('Quote')
  const quote: QuoteRow = {
    id,
    ...tenantOf(caller),
    status: 'PENDING',
    transactionId: newId('Transaction'),
    customerId: customer.id,
    platformCustomerId: customer.platformCustomerId,
    source: source.api,
    destination: destination.api,
    sourceKind: source.kind,
    destinationKind: destination.kind,
    sourceAccountType: source.kind === 'INTERNAL' ? (source.accountType ?? null) : source.kind === 'EXTERNAL' ? 'EXTERNAL' : null,
    sendingCurrency: sending.code,
    receivingCurrency: receiving.code,
    totalSendingAmount: price.totalSendingAmount,
    totalReceivingAmount: price.totalReceivingAmount,
    exchangeRate: exchange.rate,
    feesIncluded: price.fees,
    platformFeesIncluded: price.platformFees,
    rateDetails: {
      counterpartyMultiplier: exchange.rate,
      counterpartyFixedFee: '0',
      serviceApiMultiplier: '1',
      serviceApiFixedFee: fees.serviceFixedFee.toString(),
      serviceApiVariableFeeRate: bpsAsRate(fees.serviceVariableFeeBps),
      serviceApiVariableFeeAmount: price.serviceVariableFee.toString(),
    },
    paymentInstructions: source.kind === 'REALTIME_FUNDING' ? deps.rails[caller.environment].fundingInstructions(id, sending.code) : [],
    scaChallenge: null,
    signingRequestId: null,
    legs: paymentLegs({
      debit: ledgerSide(source),
      credit: destination.kind === 'INTERNAL' ? { accountId: destination.accountId! } : { system: 'SETTLEMENT', currency: receiving.code },
      sendingCurrency: sending.code,
      receivingCurrency: receiving.code,
      principal: price.principal,
      received: price.totalReceivingAmount,
      fees: price.fees,
    }),
    outcome: rail.outcome,
    description: request.description ?? null,
    paymentRail: rail.paymentRail ?? destination.api.paymentRail ?? null,
    senderIdentifier: source.accountId ?? null,
    receiverIdentifier: destination.accountId ?? destination.counterpartyIdentifier ?? null,
    expiresAt: new Date(now.getTime() + deps.settings.quoteTtlMs),
    createdAt: now,
    updatedAt: now,
  }
  const idempotency = call && { call, response: { quoteId: id } }
  if (source.accountType === 'EMBEDDED_WALLET') {
    const signing = await deps.services.beginQuoteSigning(caller, source.accountId!, id)
    quote.paymentInstructions = walletSigningInstructions(signing.payloadToSign)
    quote.signingRequestId = signing.requestId
  }
  // an SCA-region customer's quote that would move money (or show where to send it) waits for its
  // authorization instead; the challenge opens first, so no such quote is ever recorded without one
  if ((request.immediatelyExecute || source.kind === 'REALTIME_FUNDING') && customer.isScaRequired) {
    quote.status = 'PENDING_AUTHORIZATION'
    quote.scaChallenge = JSON.parse(await deps.services.sca.issue(caller, customer.id, id)) as object
  }
  const executesNow = request.immediatelyExecute && source.kind !== 'REALTIME_FUNDING' && quote.status === 'PENDING'
  // executed as it is made: the quote is claimed and its transaction recorded in the same statement
  const recorded = executesNow ? { ...quote, status: 'PROCESSING' } : quote
  const transaction = executesNow ? transactionFromQuote(recorded, now, caller.requestId) : undefined
  try {
    await insertQuote(deps.sql, { quote: recorded, transaction, idempotency })
  } catch (err) {
    // a concurrent call with the same key won: answer its quote
    const replay = call && isUniqueViolation(err) ? await findReplay<{ quoteId: string }>(deps.sql, tenantOf(caller), call) : undefined
    if (!replay) throw err
    return findQuote(deps, caller, replay.quoteId)
  }
  return transaction ? runExecution(deps, tenantOf(caller), recorded, transaction, undefined) : quote
}

async function finishReplay(deps: PaymentsDeps, caller: Caller, quoteId: string, immediatelyExecute: boolean): Promise<QuoteRow> {
  const quote = await findQuote(deps, caller, quoteId)
  const unfinished = immediatelyExecute && quote.status === 'PENDING' && quote.sourceKind !== 'REALTIME_FUNDING'
  return unfinished ? executeQuote(deps, { ...caller, idempotencyKey: undefined }, quoteId) : quote
}

function lockedSideOf(value: string): LockedSide {
  if (value === 'SENDING' || value === 'RECEIVING') return value
  throw invalidInput([{ field: 'lockedCurrencySide', message: 'must be SENDING or RECEIVING', constraint: { enum: ['SENDING', 'RECEIVING'] } }])
}

/** Money from the source's internal account, or from outside (a pull or realtime funding) through FUNDING. */
const ledgerSide = (source: ResolvedSide): StoredAccountRef =>
  source.kind === 'INTERNAL' ? { accountId: source.accountId! } : { system: 'FUNDING', currency: source.currency }

/**
 * The customer the payment is made for: the source account's owner or the realtime-funding
 * customer; the platform itself for its own accounts. On an unregulated platform the customer
 * must have accepted the End User Terms (403 END_USER_TERMS_NOT_ACCEPTED).
 */
async function payingCustomer(deps: PaymentsDeps, caller: Caller, source: ResolvedSide, regulated: boolean): Promise<CustomerFacts> {
  if (!source.customerId) return { id: caller.platformId, platformCustomerId: caller.platformId, agreementTypes: [], isScaRequired: false }
  const customer = await deps.services.customer(caller, source.customerId)
  if (!regulated && !customer.agreementTypes.includes(END_USER_TERMS)) {
    throw new ApiError('END_USER_TERMS_NOT_ACCEPTED', 'The customer has not accepted the End User Terms', { customerId: customer.id })
  }
  return customer
}
