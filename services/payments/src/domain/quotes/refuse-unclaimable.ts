import { ApiError } from '@pp/errors'
import { findReplay, type IdempotentCall } from '@pp/db'
import { expireQuote } from '../../db/quotes.db.js'
import type { PaymentsDeps } from '../deps.js'
import type { Tenant } from '../types.js'
import { findQuote } from './get-quote.js'
import type { QuoteRow } from './types.js'

/** Why a quote cannot be claimed: a racing twin with the same key won (replay), expiry, authorization awaited, or executed already. */
export async function refuseUnclaimable(deps: PaymentsDeps, tenant: Tenant, quoteId: string, call: IdempotentCall | undefined, now: Date): Promise<QuoteRow> {
  if (call && (await findReplay(deps.sql, tenant, call))) return findQuote(deps, tenant, quoteId)
  const current = await findQuote(deps, tenant, quoteId)
  if (current.status === 'PENDING' || current.status === 'EXPIRED' || (current.status === 'PENDING_AUTHORIZATION' && current.expiresAt <= now)) {
    await expireQuote(deps.db, quoteId, now)
    throw new ApiError('QUOTE_EXPIRED', `Quote ${quoteId} expired at ${current.expiresAt.toISOString()}; request a new quote`)
  }
  if (current.status === 'PENDING_AUTHORIZATION') {
    throw new ApiError('CONFLICT', `Quote ${quoteId} awaits its SCA authorization: POST /quotes/${quoteId}/authorize`, { quoteId, status: current.status })
  }
  throw new ApiError('CONFLICT', `Quote ${quoteId} was already executed`, { quoteId, status: current.status, transactionId: current.transactionId })
}
