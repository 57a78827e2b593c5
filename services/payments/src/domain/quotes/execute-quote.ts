import { ApiError, invalidInput } from '@pp/errors'
import { findReplay, forgetAnswer, idempotentCall, inTransaction, prismaRunner, type IdempotentCall } from '@pp/db'
import { claimQuote, expireQuote, releaseQuoteClaim, type QuoteRow } from '../../db/quotes.db.js'
import { deleteUnheldTransaction, type TransactionRow } from '../../db/transactions.db.js'
import type { PaymentsDeps } from '../deps.js'
import { driveRow, HoldRefused } from '../transactions/driver.js'
import { transactionFromQuote } from '../transactions/from-quote.js'
import { quoteStatusOf } from '../transactions/transitions.js'
import { tenantOf, type Caller, type Tenant } from '../types.js'
import { findQuote } from './get-quote.js'

/**
 * Executes an account-sourced quote: at most once (the quote row is claimed by a conditional
 * update, so racing executes produce one transaction), and with an Idempotency-Key a retry answers
 * the same quote. When the ledger refuses the hold (insufficient funds, an account that cannot
 * send), nothing stays changed and the refusal is the answer.
 */
export async function executeQuote(deps: PaymentsDeps, caller: Caller, quoteId: string): Promise<QuoteRow> {
  const tenant = tenantOf(caller)
  const call = caller.idempotencyKey ? idempotentCall(caller.idempotencyKey, 'executeQuote', { quoteId }, deps) : undefined
  if (call && (await findReplay(deps.sql, tenant, call))) return findQuote(deps, tenant, quoteId)
  const quote = await findQuote(deps, tenant, quoteId)
  if (quote.sourceKind === 'REALTIME_FUNDING') {
    throw invalidInput(
      [{ field: 'quoteId', message: 'a realtime-funded quote executes when its funds arrive' }],
      'This quote is funded in real time: it executes when the payment of its instructions arrives',
    )
  }
  return startExecution(deps, caller, quote, call, quote.source)
}

/** Claims the quote, records its transaction and drives it; shared with the realtime-funding arrival. */
export async function startExecution(
  deps: PaymentsDeps,
  caller: Caller,
  quote: QuoteRow,
  call: IdempotentCall | undefined,
  transactionSource: TransactionRow['source'],
): Promise<QuoteRow> {
  const tenant = tenantOf(caller)
  const now = deps.now()
  const transaction = transactionFromQuote(quote, now, caller.requestId, transactionSource)
  const idempotency = call && { call, response: { quoteId: quote.id } }
  if (!(await claimQuote(deps.sql, tenant, quote.id, transaction, idempotency, now))) return refuseUnclaimable(deps, tenant, quote.id, call, now)
  return runExecution(deps, tenant, { ...quote, status: 'PROCESSING', updatedAt: now }, transaction, call)
}

/**
 * Drives a claimed quote's transaction as far as it goes now and answers the quote as it then is.
 * When the ledger refuses the hold, the claim is undone (the transaction, and the execute call's
 * Idempotency-Key, go as if never asked) and the refusal is the answer.
 */
export async function runExecution(
  deps: PaymentsDeps,
  tenant: Tenant,
  quote: QuoteRow,
  transaction: TransactionRow,
  call: IdempotentCall | undefined,
): Promise<QuoteRow> {
  let driven: TransactionRow | undefined
  try {
    driven = await driveRow(deps, transaction, 'UNDO')
  } catch (err) {
    if (!(err instanceof HoldRefused)) throw err
    await undoExecution(deps, tenant, quote, call)
    throw err.refusal
  }
  // the quote's status moved with its transaction's, in the same statements
  return driven ? { ...quote, status: quoteStatusOf(driven.status), updatedAt: driven.updatedAt } : findQuote(deps, tenant, quote.id)
}

/** Why a quote cannot be claimed: a racing twin with the same key won (replay), expiry, or executed already. */
async function refuseUnclaimable(deps: PaymentsDeps, tenant: Tenant, quoteId: string, call: IdempotentCall | undefined, now: Date): Promise<QuoteRow> {
  if (call && (await findReplay(deps.sql, tenant, call))) return findQuote(deps, tenant, quoteId)
  const current = await findQuote(deps, tenant, quoteId)
  if (current.status === 'PENDING' || current.status === 'EXPIRED') {
    await expireQuote(deps.db, quoteId, now)
    throw new ApiError('QUOTE_EXPIRED', `Quote ${quoteId} expired at ${current.expiresAt.toISOString()}; request a new quote`)
  }
  throw new ApiError('CONFLICT', `Quote ${quoteId} was already executed`, { quoteId, status: current.status, transactionId: current.transactionId })
}

/** The ledger refused the hold: the transaction, the claim and the key go, as if never asked. */
async function undoExecution(deps: PaymentsDeps, tenant: Tenant, quote: QuoteRow, call: IdempotentCall | undefined): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    await deleteUnheldTransaction(tx, quote.transactionId)
    await releaseQuoteClaim(tx, quote.id, deps.now())
    if (call) await forgetAnswer(prismaRunner(tx), tenant, call.key)
  })
}
