import { ApiError, invalidInput } from '@pp/errors'
import { inTransaction } from '../../db/client.js'
import type { Prisma, Quote } from '../../db/generated/client.js'
import { deleteIdempotentCall, insertIdempotentCall } from '../../db/idempotency.db.js'
import type { PaymentsDeps } from '../deps.js'
import { findReplay, idempotentCall, type IdempotentCall } from '../idempotency.js'
import { driveTransaction, HoldRefused } from '../transactions/driver.js'
import { transactionFromQuote } from '../transactions/from-quote.js'
import { tenantOf, type Caller, type Tenant } from '../types.js'
import { findQuote } from './get-quote.js'

/**
 * Executes an account-sourced quote: at most once (the quote row is claimed by a conditional
 * update, so racing executes produce one transaction), and with an Idempotency-Key a retry answers
 * the same quote. When the ledger refuses the hold (insufficient funds, an account that cannot
 * send), nothing stays changed and the refusal is the answer.
 */
export async function executeQuote(deps: PaymentsDeps, caller: Caller, quoteId: string): Promise<Quote> {
  const tenant = tenantOf(caller)
  const call = caller.idempotencyKey ? idempotentCall(caller.idempotencyKey, 'executeQuote', { quoteId }) : undefined
  if (call && (await findReplay(deps.db, tenant, call))) return findQuote(deps, tenant, quoteId)
  const quote = await findQuote(deps, tenant, quoteId)
  if (quote.sourceKind === 'REALTIME_FUNDING') {
    throw invalidInput(
      [{ field: 'quoteId', message: 'a realtime-funded quote executes when its funds arrive' }],
      'This quote is funded in real time: it executes when the payment of its instructions arrives',
    )
  }
  return startExecution(deps, tenant, quote, call, quote.source as Prisma.InputJsonValue)
}

/** Claims the quote, records its transaction and drives it; shared with the realtime-funding arrival. */
export async function startExecution(
  deps: PaymentsDeps,
  tenant: Tenant,
  quote: Quote,
  call: IdempotentCall | undefined,
  transactionSource: Prisma.InputJsonValue,
): Promise<Quote> {
  const now = deps.now()
  const claimed = await inTransaction(deps.db, async (tx) => {
    const { count } = await tx.quote.updateMany({
      where: { id: quote.id, ...tenant, status: 'PENDING', expiresAt: { gt: now } },
      data: { status: 'PROCESSING', updatedAt: now },
    })
    if (count === 0) return false
    await tx.transaction.create({ data: transactionFromQuote(quote, now, transactionSource) })
    if (call) await insertIdempotentCall(tx, tenant, call.key, { fingerprint: call.fingerprint, response: { quoteId: quote.id } }, now)
    return true
  })
  if (!claimed) return refuseUnclaimable(deps, tenant, quote.id, call, now)
  try {
    await driveTransaction(deps, quote.transactionId, 'UNDO')
  } catch (err) {
    if (!(err instanceof HoldRefused)) throw err
    await undoExecution(deps, tenant, quote, call)
    throw err.refusal
  }
  return findQuote(deps, tenant, quote.id)
}

/** Why a quote cannot be claimed: a racing twin with the same key won (replay), expiry, or executed already. */
async function refuseUnclaimable(deps: PaymentsDeps, tenant: Tenant, quoteId: string, call: IdempotentCall | undefined, now: Date): Promise<Quote> {
  if (call && (await findReplay(deps.db, tenant, call))) return findQuote(deps, tenant, quoteId)
  const current = await findQuote(deps, tenant, quoteId)
  if (current.status === 'PENDING' || current.status === 'EXPIRED') {
    await deps.db.quote.updateMany({ where: { id: quoteId, status: 'PENDING' }, data: { status: 'EXPIRED', updatedAt: now } })
    throw new ApiError('QUOTE_EXPIRED', `Quote ${quoteId} expired at ${current.expiresAt.toISOString()}; request a new quote`)
  }
  throw new ApiError('CONFLICT', `Quote ${quoteId} was already executed`, { quoteId, status: current.status, transactionId: current.transactionId })
}

/** The ledger refused the hold: the transaction, the claim and the key go, as if never asked. */
async function undoExecution(deps: PaymentsDeps, tenant: Tenant, quote: Quote, call: IdempotentCall | undefined): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    await tx.transaction.deleteMany({ where: { id: quote.transactionId, stage: 'HOLD' } })
    await tx.quote.updateMany({ where: { id: quote.id, status: 'PROCESSING' }, data: { status: 'PENDING', updatedAt: deps.now() } })
    if (call) await deleteIdempotentCall(tx, tenant, call.key)
  })
}
