import { lockTransaction, openHolds } from '../../db/card-transactions.db.js'
import type { SqlTx } from '../../db/client.js'
import type { CardsDeps } from '../deps.js'
import type { CardTransactionRecord, HoldRecord, Origin } from '../types.js'
import { sandboxOutcomeOf, type NetworkMessage } from './message.js'
import { refusalOf } from './preconditions.js'
import { changed, recordOutcome, type Change } from './record.js'

type Ledger = CardsDeps['ledger']

/**
 * A message on an existing transaction (clearing, return, advice, return reversal), under the
 * transaction's row lock: messages on one transaction run one at a time, each moving the money
 * it describes with ids derived from its token.
 */
export function actOnTransaction(deps: CardsDeps, origin: Origin, message: NetworkMessage): Promise<void> {
  return deps.sql.transaction(async (tx) => {
    const now = deps.now()
    const parent = await lockTransaction(tx, message.cardTransactionId!)
    const amount = message.request.amount === undefined ? undefined : BigInt(message.request.amount)
    if (!parent || parent.cardId !== message.cardId) return recordOutcome(tx, origin, message.token, 'NOT_FOUND', undefined, now)
    const refusal = refusalOf(message.kind, parent, amount)
    if (refusal) return recordOutcome(tx, origin, message.token, refusal.code, undefined, now)
    const change = await changeOf(deps.ledger, tx, origin, message, parent, amount ?? 0n, now)
    return recordOutcome(tx, origin, message.token, change.transaction.status === 'EXCEPTION' ? 'EXCEPTION' : 'APPROVED', change, now)
  })
}

function changeOf(ledger: Ledger, tx: SqlTx, origin: Origin, message: NetworkMessage, parent: CardTransactionRecord, amount: bigint, now: Date): Promise<Change> {
  switch (message.kind) {
    case 'CLEARING':
      return clear(ledger, tx, origin, message.token, parent, amount, now)
    case 'RETURN':
      return giveBack(ledger, origin, message.token, parent, amount, now)
    case 'AUTHORIZATION_ADVICE':
      return resize(ledger, tx, origin, message.token, parent, amount, now)
    default:
      return reverseReturn(ledger, origin, message.token, parent, now)
  }
}

const towardsNetwork = (t: CardTransactionRecord) => ({ from: { accountId: t.accountId }, to: 'NETWORK' as const, currency: t.currency })
const fromNetwork = (t: CardTransactionRecord) => ({ from: 'NETWORK' as const, to: { accountId: t.accountId }, currency: t.currency })

/**
 * Posts the open holds up to the cleared amount (the last one in part) and releases the rest; what
 * the holds do not cover is pulled after the fact (a tip above the authorization, a later clearing
 * of a partially settled one). A pull that fails, or a parent whose descriptor asks it to, leaves
 * the transaction in EXCEPTION. A clearing of 0 is the authorization's expiry.
 */
async function clear(ledger: Ledger, tx: SqlTx, origin: Origin, token: string, t: CardTransactionRecord, amount: bigint, now: Date): Promise<Change> {
  const holds = await openHolds(tx, t.id)
  let remaining = amount
  let released = 0n
  const resolved: HoldRecord[] = []
  for (const [index, hold] of holds.entries()) {
    const take = remaining < hold.amount ? remaining : hold.amount
    released += hold.amount - take
    if (take > 0n) {
      await ledger.post(origin, `${token}:post:${index}`, hold.id, take === hold.amount ? undefined : take)
      resolved.push({ ...hold, status: 'POSTED' })
      remaining -= take
    } else {
      await ledger.release(origin, `${token}:void:${index}`, hold.id)
      resolved.push({ ...hold, status: 'VOIDED' })
    }
  }
  let exception = false
  let pulled = 0n
  if (remaining > 0n) {
    const sides = t.direction === 'DEBIT' ? towardsNetwork(t) : fromNetwork(t)
    const refusedBySandbox = t.direction === 'DEBIT' && sandboxOutcomeOf(t.merchant.descriptor) === 'DECLINE_FUNDS'
    const moved = !refusedBySandbox && (await ledger.transfer(origin, { transferId: `${token}:pull`, ...sides, amount: remaining })) === 'MOVED'
    if (moved) pulled = remaining
    exception = !moved
  }
  const settledAmount = t.settledAmount + (amount - remaining) + pulled
  const status = exception ? 'EXCEPTION' : amount === 0n || settledAmount >= t.authorizedAmount ? 'SETTLED' : 'PARTIALLY_SETTLED'
  const transaction = changed(t, now, {
    status,
    settledAmount,
    settlementCount: t.settlementCount + (amount > 0n ? 1 : 0),
    pullCount: t.pullCount + (remaining > 0n && t.direction === 'DEBIT' ? 1 : 0),
    // what a pull released is no longer pulled
    pullTotal: t.direction === 'DEBIT' ? t.pullTotal - released + pulled : t.pullTotal,
  })
  return { transaction, holds: resolved, jobs: [] }
}

/** A merchant's return credits the funding account; the whole settled amount returned makes the transaction REFUNDED. */
async function giveBack(ledger: Ledger, origin: Origin, token: string, t: CardTransactionRecord, amount: bigint, now: Date): Promise<Change> {
  const moved = (await ledger.transfer(origin, { transferId: `${token}:return`, ...fromNetwork(t), amount })) === 'MOVED'
  if (!moved) return { transaction: changed(t, now, { status: 'EXCEPTION' }), holds: [], jobs: [] }
  const refundedAmount = t.refundedAmount + amount
  const transaction = changed(t, now, {
    refundedAmount,
    refundCount: t.refundCount + 1,
    lastReturnAmount: amount,
    status: refundedAmount >= t.settledAmount ? 'REFUNDED' : t.status,
  })
  return { transaction, holds: [], jobs: [] }
}

/** A return reversal takes back exactly the last return; a funding account that no longer covers it is an EXCEPTION. */
async function reverseReturn(ledger: Ledger, origin: Origin, token: string, t: CardTransactionRecord, now: Date): Promise<Change> {
  const amount = t.lastReturnAmount ?? 0n
  const moved = amount > 0n && (await ledger.transfer(origin, { transferId: `${token}:reversal`, ...towardsNetwork(t), amount })) === 'MOVED'
  if (!moved) return { transaction: changed(t, now, { status: 'EXCEPTION' }), holds: [], jobs: [] }
  const transaction = changed(t, now, {
    refundedAmount: t.refundedAmount - amount,
    refundCount: t.refundCount - 1,
    lastReturnAmount: null,
    status: 'SETTLED',
  })
  return { transaction, holds: [], jobs: [] }
}

/**
 * An authorization advice: the network re-sized the authorization to `total`. Before any clearing
 * the holds follow it (another hold for an increase; for a decrease the newest holds are released
 * and the part still authorized held again); a pull the funding account cannot cover is an EXCEPTION.
 */
async function resize(ledger: Ledger, tx: SqlTx, origin: Origin, token: string, t: CardTransactionRecord, total: bigint, now: Date): Promise<Change> {
  if (t.status === 'PARTIALLY_SETTLED') {
    return { transaction: changed(t, now, { authorizedAmount: total, status: t.settledAmount >= total ? 'SETTLED' : t.status }), holds: [], jobs: [] }
  }
  const holds = await openHolds(tx, t.id)
  const resolved: HoldRecord[] = []
  let held = holds.reduce((sum, hold) => sum + hold.amount, 0n)
  for (const [index, hold] of [...holds].reverse().entries()) {
    if (held <= total) break
    await ledger.release(origin, `${token}:void:${index}`, hold.id)
    resolved.push({ ...hold, status: 'VOIDED' })
    held -= hold.amount
  }
  const missing = total - held
  let exception = false
  if (missing > 0n) {
    const holdId = `${token}:hold:0`
    exception = (await ledger.hold(origin, { transferId: holdId, ...towardsNetwork(t), amount: missing })) !== 'MOVED'
    if (!exception) resolved.push({ id: holdId, cardTransactionId: t.id, amount: missing, status: 'OPEN', createdAt: now })
  }
  const pullTotal = exception ? held : total
  const transaction = changed(t, now, { authorizedAmount: total, pullTotal, pullCount: t.pullCount + (missing > 0n && !exception ? 1 : 0), status: exception ? 'EXCEPTION' : t.status })
  return { transaction, holds: resolved, jobs: [] }
}
