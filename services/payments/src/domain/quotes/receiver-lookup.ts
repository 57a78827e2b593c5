import { ApiError, invalidInput } from '@pp/errors'
import type { PaymentsDeps } from '../deps.js'
import { tenantOf, type Caller } from '../types.js'
import type { ResolvedSide } from './resolve.js'

/**
 * How long a receiver look-up stands for the receiver: what a counterparty accepts and asks of
 * payers changes, so a quote is priced on a recent answer.
 */
export const LOOKUP_LIFETIME_MS = 60 * 60_000

/** What a quote request says about the receiver it was looked up for. */
export interface ReceiverNaming {
  lookupId?: string
  /** The payer data the receiver asked for, by field name (the reference's `senderCustomerInfo`). */
  senderCustomerInfo?: Record<string, unknown>
}

const isGiven = (value: unknown): boolean => value !== undefined && value !== null && String(value).trim() !== ''

/** The receiver a look-up names: the UMA address (normalised by resolve.ts as the look-up's is), or the external account's id. */
function receiverOf(destination: ResolvedSide): string | undefined {
  if (destination.kind === 'UMA') return destination.counterpartyIdentifier
  return destination.kind === 'EXTERNAL' ? destination.accountId : undefined
}

/**
 * The reference's rule for UMA destinations: the quote names a look-up (`lookupId`) made by this
 * tenant, recently, for this very receiver, in a currency the receiver accepts, and carries every
 * payer field the receiver marked mandatory in `senderCustomerInfo`. A quote to an external account
 * may name its look-up too, and then the same holds. A receiver the counterparty does not know or
 * does not allow never got a look-up (404 UMA_NOT_FOUND, 403 COUNTERPARTY_NOT_ALLOWED there), so
 * it gets no quote.
 */
export async function assertReceiverLookedUp(deps: Pick<PaymentsDeps, 'lookups' | 'now'>, caller: Caller, naming: ReceiverNaming, destination: ResolvedSide): Promise<void> {
  if (!naming.lookupId) {
    if (destination.kind !== 'UMA') return
    throw invalidInput(
      [{ field: 'lookupId', message: 'is required for an UMA_ADDRESS destination: look the receiver up first (GET /receiver/uma/{receiverUmaAddress})' }],
      'A quote to an UMA address names the look-up of its receiver',
    )
  }
  const lookup = await deps.lookups.find(tenantOf(caller), naming.lookupId)
  if (!lookup || deps.now().getTime() - lookup.createdAt.getTime() > LOOKUP_LIFETIME_MS) {
    throw new ApiError('LOOKUP_REQUEST_NOT_FOUND', `Look-up ${naming.lookupId} not found, or older than an hour: look the receiver up again`, { lookupId: naming.lookupId })
  }
  if (lookup.receiver !== receiverOf(destination)) {
    throw new ApiError('INVALID_RECEIVER', `Look-up ${lookup.id} was made for another receiver than the quote's destination`, { lookupId: lookup.id })
  }
  if (!lookup.supportedCurrencies.includes(destination.currency)) {
    throw new ApiError('INVALID_CURRENCY', `The receiver accepts ${lookup.supportedCurrencies.join(', ')}, not ${destination.currency}`, { field: 'destination.currency' })
  }
  const missing = lookup.requiredPayerDataFields.filter((field) => field.mandatory && !isGiven(naming.senderCustomerInfo?.[field.name])).map((field) => field.name)
  if (missing.length > 0) {
    throw new ApiError('MISSING_MANDATORY_USER_INFO', `The receiver requires ${missing.join(', ')} of the sender in senderCustomerInfo`, { missingFields: missing })
  }
}
