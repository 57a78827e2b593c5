import { ApiError } from '@pp/errors'
import { findQuoteRow } from '../../db/quotes.db.js'
import type { PaymentsDeps } from '../deps.js'
import { tenantOf, type Tenant } from '../types.js'
import type { QuoteRow } from './types.js'

/** The tenant's quote; anyone else's does not exist (404 QUOTE_NOT_FOUND). */
export async function findQuote(deps: Pick<PaymentsDeps, 'sql'>, tenant: Tenant, quoteId: string): Promise<QuoteRow> {
  const quote = await findQuoteRow(deps.sql, tenantOf(tenant), quoteId)
  if (!quote) throw new ApiError('QUOTE_NOT_FOUND', `Quote ${quoteId} not found`)
  return quote
}

/** A quote shows EXPIRED once its price lapsed unexecuted (or unauthorized), even before anyone tried to execute it. */
export const quoteStatusAt = (quote: Pick<QuoteRow, 'status' | 'expiresAt'>, now: Date): string =>
  (quote.status === 'PENDING' || quote.status === 'PENDING_AUTHORIZATION') && quote.expiresAt <= now ? 'EXPIRED' : quote.status
