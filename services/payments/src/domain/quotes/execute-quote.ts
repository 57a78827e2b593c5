import { invalidInput } from '@pp/errors'
import { findReplay, forgetAnswer, idempotentCall, inTransaction, sqlOf, type IdempotentCall } from '@pp/db'
import { claimQuote, releaseQuoteClaim } from '../../db/quotes.db.js'
import { deleteUnheldTransaction } from '../../db/transactions.db.js'
import type { PaymentsDeps } from '../deps.js'
import { driveRow, HoldRefused } from '../transactions/driver.js'
import { transactionFromQuote } from '../transactions/from-quote.js'
import { quoteStatusOf } from '../transactions/transitions.js'
import { tenantOf, type Caller, type Tenant } from '../types.js'
import { awaitAuthorization } from './await-authorization.js'
import { findQuote } from './get-quote.js'
import { refuseUnclaimable } from './refuse-unclaimable.js'
import type { TransactionRow } from '../transactions/types.js'
import type { QuoteRow } from './types.js'

/**
 * Executes an account-sourced quote: at most once (the quote row is claimed by a conditional
 * update, so racing executes produce one transaction), and with an Idempotency-Key a retry answers
 * the same quote. When the ledger refuses the hold (insufficient funds, an account that cannot
 * send), nothing stays changed and the refusal is the answer. A customer in an SCA region gets
 * the quote back in PENDING_AUTHORIZATION with its challenge instead: nothing moves until
 * POST /quotes/{quoteId}/authorize.
 */
export async function executeQuote(deps: PaymentsDeps, caller: Caller, quoteId: string, scaFactor?: string): Promise<QuoteRow> {
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
  if (quote.status === 'PENDING' && quote.customerId && (await deps.services.sca.required(caller, quote.customerId))) {
    return awaitAuthorization(deps, caller, quote, call, scaFactor)
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
  from: 'PENDING' | 'PENDING_AUTHORIZATION' = 'PENDING',
): Promise<QuoteRow> {
  const tenant = tenantOf(caller)
  const now = deps.now()
  const transaction = transactionFromQuote(quote, now, caller.requestId, transactionSource)
  const idempotency = call && { call, response: { quoteId: quote.id } }
  if (!(await claimQuote(deps.sql, tenant, quote.id, transaction, idempotency, now, from))) return refuseUnclaimable(deps, tenant, quote.id, call, now)
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

/** The ledger refused the hold: the transaction, the claim and the key go, as if never asked. */
async function undoExecution(deps: PaymentsDeps, tenant: Tenant, quote: QuoteRow, call: IdempotentCall | undefined): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    await deleteUnheldTransaction(tx, quote.transactionId)
    await releaseQuoteClaim(tx, quote.id, deps.now())
    if (call) await forgetAnswer(sqlOf(tx), tenant, call.key)
  })
}
