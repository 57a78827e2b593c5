import { inTransaction } from '@pp/db'
import { ApiError } from '@pp/errors'
import { releaseAuthorized } from '../../db/quotes.db.js'
import type { PaymentsDeps } from '../deps.js'
import { tenantOf, type Caller } from '../types.js'
import { startExecution } from './execute-quote.js'
import { findQuote } from './get-quote.js'
import { refuseUnclaimable } from './refuse-unclaimable.js'
import type { ScaProof } from './sca-gate.js'
import type { QuoteRow } from './types.js'

/** The quote of an SCA-region customer that waits for its authorization; 409 otherwise, as the reference answers. */
async function quoteAwaitingAuthorization(deps: PaymentsDeps, caller: Caller, quoteId: string): Promise<QuoteRow & { customerId: string }> {
  const quote = await findQuote(deps, tenantOf(caller), quoteId)
  if (!quote.customerId || !(await deps.services.sca.required(caller, quote.customerId))) {
    throw new ApiError('CONFLICT', 'Strong customer authentication is not required for this customer')
  }
  if (quote.status !== 'PENDING_AUTHORIZATION') {
    throw new ApiError('CONFLICT', `Quote ${quoteId} has no challenge to authorize (status ${quote.status})`, { quoteId, status: quote.status })
  }
  return quote as QuoteRow & { customerId: string }
}

/**
 * POST /quotes/{quoteId}/authorize: the customers service checks and spends the proof (a wrong one
 * moves nothing and counts toward the lockout); then an account-sourced quote executes as an
 * execute would, and a realtime-funded one shows its payment instructions and awaits its funds.
 */
export async function authorizeQuote(deps: PaymentsDeps, caller: Caller, quoteId: string, proof: ScaProof): Promise<QuoteRow> {
  const quote = await quoteAwaitingAuthorization(deps, caller, quoteId)
  await deps.services.sca.authorize(caller, quote.customerId, quote.id, proof)
  const tenant = tenantOf(caller)
  const now = deps.now()
  if (quote.sourceKind === 'REALTIME_FUNDING') {
    const released = await inTransaction(deps.db, (tx) => releaseAuthorized(tx, quote.id, now))
    return released ? findQuote(deps, tenant, quote.id) : refuseUnclaimable(deps, tenant, quote.id, undefined, now)
  }
  return startExecution(deps, { ...caller, idempotencyKey: undefined }, quote, undefined, quote.source, 'PENDING_AUTHORIZATION')
}

/** POST /quotes/{quoteId}/authorize/resend: a new SMS code for the quote's open challenge. */
export async function resendQuoteCode(deps: PaymentsDeps, caller: Caller, quoteId: string): Promise<void> {
  const quote = await quoteAwaitingAuthorization(deps, caller, quoteId)
  await deps.services.sca.resend(caller, quote.customerId, quote.id)
}
