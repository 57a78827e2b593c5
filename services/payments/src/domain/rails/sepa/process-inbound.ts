import { newId } from '@pp/ids'
import type { Tx } from '../../../db/client.js'
import { returnBankPayout, settleBankPayouts, type NewOperatorItem } from '../../../db/bank-files.db.js'
import { lockSepaEntriesOf, lockSepaEntry, markSepaEntry, type LockedSepaEntry } from '../../../db/sepa.db.js'
import type { PaymentsDeps } from '../../deps.js'
import { fetchInbound, processOnce, type AppliedFile, type InboundSummary } from '../bank-files/inbound.js'
import { readBankNotification, type BankNotification, type BookedTransaction } from './camt054.js'
import { creditReceivedTransfers, NO_TRANSFERS_RECEIVED, type ReceivedTransfers } from './incoming-credits.js'
import { readIsoMessage } from './iso-xml.js'
import { readStatusReport, type SepaRejection, type StatusReport } from './pain002.js'
import { reasonOfCode } from './reason-codes.js'
import { countSettlements, sepaMetrics, type SepaRail } from './sepa-rail.js'

/** Reads the bank's inbound folder: every status report or debit notification not processed yet. */
export const fetchSepaInbound = (deps: PaymentsDeps, sepa: SepaRail): Promise<InboundSummary[]> =>
  fetchInbound(deps, 'SEPA', sepa.transport, (name, content) => processSepaInboundFile(deps, name, content))

type Parsed = { report: StatusReport } | { notification: BankNotification } | { problem: string }

interface Applied extends AppliedFile {
  reasonCodes: string[]
}

/**
 * Processes one inbound file exactly once (see processOnce): a pain.002 status report fails the
 * payouts it rejects, a camt.054 notification (or camt.053 statement) settles the payouts whose
 * debits it books, and whatever matches no payout of ours goes to the operator queue, together
 * with the file's claim.
 */
export async function processSepaInboundFile(deps: PaymentsDeps, name: string, content: Buffer): Promise<InboundSummary> {
  const parsed = parse(content.toString('utf8'))
  const received = 'notification' in parsed ? await creditReceivedTransfers(deps, parsed.notification) : NO_TRANSFERS_RECEIVED
  const { summary, applied } = await processOnce(deps, 'SEPA', name, content, async (tx, now): Promise<Applied> => {
    if ('report' in parsed) return applyStatusReport(tx, parsed.report, now)
    if ('notification' in parsed) return applyNotification(tx, parsed.notification, received, now)
    return { ...nothing(), items: [item('UNREADABLE', `file ${name} could not be read: ${parsed.problem}`)] }
  })
  if (applied) {
    sepaMetrics.inboundProcessed({ failureCodes: applied.reasonCodes, credited: received.credited, operatorKinds: applied.items.map((entry) => entry.kind) })
    countSettlements(applied.counts.settled)
  }
  return summary
}

function parse(text: string): Parsed {
  try {
    const { name } = readIsoMessage(text)
    return name === 'CstmrPmtStsRpt' ? { report: readStatusReport(text) } : { notification: readBankNotification(text) }
  } catch (err) {
    return { problem: err instanceof Error ? err.message : String(err) }
  }
}

const nothing = (): Applied => ({ toDrive: [], counts: { returns: 0, notifications: 0, settled: 0 }, items: [], reasonCodes: [] })

const item = (kind: NewOperatorItem['kind'], problem: string, fields: Partial<NewOperatorItem> = {}): NewOperatorItem => ({
  id: newId('SepaItem'),
  kind,
  problem,
  records: '',
  ...fields,
})

/** Transactions first: a report that rejects a transaction and its whole block or file records the transaction's own reason. */
const SCOPE_ORDER: Record<SepaRejection['scope'], number> = { TRANSACTION: 0, PAYMENT_INFORMATION: 1, MESSAGE: 2 }

/**
 * A status report's rejections. A rejected transaction fails its payout (its hold voided) with the
 * ISO reason code; a rejected block or file fails each of its payouts still waiting, and one that
 * settled meanwhile goes to the operator. A message or end-to-end id of no file of ours, an entry
 * rejected already or no longer waiting, goes to the operator too. Accepted statuses move nothing.
 */
async function applyStatusReport(tx: Tx, report: StatusReport, now: Date): Promise<Applied> {
  const applied = nothing()
  const rejections = [...report.rejections].sort((a, b) => SCOPE_ORDER[a.scope] - SCOPE_ORDER[b.scope])
  for (const rejection of rejections) {
    const unmatched = (problem: string, fields: Partial<NewOperatorItem> = {}) =>
      applied.items.push(item('UNMATCHED_REJECTION', problem, { code: rejection.reasonCode, reference: rejection.originalMessageId, ...fields }))
    if (rejection.scope === 'TRANSACTION') {
      const entry = await lockSepaEntry(tx, rejection.endToEndId)
      if (!entry || entry.messageId !== rejection.originalMessageId) {
        unmatched(`no credit transfer of message ${rejection.originalMessageId} has end-to-end id ${rejection.endToEndId}`, { reference: rejection.endToEndId })
      } else if (entry.status !== 'SUBMITTED') {
        unmatched(`the credit transfer is ${entry.status} already: ask the bank`, { reference: entry.endToEndId, transactionId: entry.transactionId })
      } else await reject(tx, entry, rejection.reasonCode, now, applied, unmatched)
      continue
    }
    const entries = await lockSepaEntriesOf(tx, rejection.originalMessageId, rejection.scope === 'PAYMENT_INFORMATION' ? rejection.paymentInformationId : undefined)
    if (entries.length === 0) unmatched(`no file of ours has message id ${rejection.originalMessageId}${rejection.scope === 'PAYMENT_INFORMATION' ? ` with payment information ${rejection.paymentInformationId}` : ''}`)
    for (const entry of entries) {
      if (entry.status === 'SUBMITTED') await reject(tx, entry, rejection.reasonCode, now, applied, unmatched)
      else if (entry.status === 'SETTLED') unmatched('the file was rejected but this credit transfer was booked as settled: ask the bank', { reference: entry.endToEndId, transactionId: entry.transactionId })
    }
  }
  applied.counts.returns = applied.toDrive.length
  return applied
}

async function reject(tx: Tx, entry: LockedSepaEntry, reasonCode: string, now: Date, applied: Applied, unmatched: (problem: string, fields: Partial<NewOperatorItem>) => void): Promise<void> {
  const details = { rail: 'SEPA', returnCode: reasonCode, returnReason: reasonOfCode(reasonCode) }
  if (!(await returnBankPayout(tx, entry.transactionId, { stage: 'WAIT', status: 'PROCESSING' }, details, now))) {
    unmatched('the payout is no longer PROCESSING: apply the rejection by hand', { reference: entry.endToEndId, transactionId: entry.transactionId })
    return
  }
  await markSepaEntry(tx, entry.id, 'REJECTED', reasonCode, now)
  applied.toDrive.push(entry.transactionId)
  applied.reasonCodes.push(reasonCode)
}

/** What one booked transaction did: a payout it settled or returned (to drive after the commit), or an item for the operator. */
type BookedOutcome = { settled: string } | { returned: string; code: string } | NewOperatorItem | undefined

/**
 * A notification's booked transactions. A booked debit quoting one of our credit transfers with
 * its amount settles it: the hold is posted and the payout COMPLETED. A booked credit returning a
 * settled transfer (its end-to-end id, amount and a return reason) refunds the payout with ledger
 * entries of its own and fails it with the reason. Either booked again (the day's statement
 * repeats the notification) changes nothing. Any other debit, one for a rejected transfer or of
 * another amount, and every other booked credit but the transfers received the ledger was asked
 * about (money naming no account) goes to the operator, with the items of the transfers no account took.
 */
async function applyNotification(tx: Tx, notification: BankNotification, received: ReceivedTransfers, now: Date): Promise<Applied> {
  const applied = { ...nothing(), items: [...received.items] }
  for (const booked of notification.booked) {
    if (received.asked.has(booked)) continue
    const outcome = await applyBooked(tx, booked, now)
    if (!outcome) continue
    if ('settled' in outcome) {
      applied.toDrive.push(outcome.settled)
      applied.counts.settled += 1
    } else if ('returned' in outcome) {
      applied.toDrive.push(outcome.returned)
      applied.counts.returns += 1
      applied.reasonCodes.push(outcome.code)
    } else {
      applied.items.push(outcome)
    }
  }
  return applied
}

async function applyBooked(tx: Tx, booked: BookedTransaction, now: Date): Promise<BookedOutcome> {
  const fields = { reference: booked.endToEndId ?? booked.entryReference, amount: booked.amount, ...(booked.returnReasonCode && { code: booked.returnReasonCode }) }
  const entry = booked.endToEndId ? await lockSepaEntry(tx, booked.endToEndId) : undefined
  const about = { ...fields, ...(entry && { transactionId: entry.transactionId }) }
  if (booked.direction === 'CRDT') return applyBookedCredit(tx, booked, entry, about, now)
  if (!entry) return item('UNMATCHED_DEBIT', `a booked debit (entry ${booked.entryReference}) quoting ${booked.endToEndId ? `end-to-end id ${booked.endToEndId}, of no credit transfer of ours` : 'no end-to-end id'}`, about)
  if (booked.currency !== 'EUR' || booked.amount !== entry.amount) {
    return item('UNMATCHED_DEBIT', `the debit is for ${booked.amount ?? '?'} cents ${booked.currency ?? ''}, the credit transfer was for ${entry.amount} EUR cents`, about)
  }
  if (entry.status === 'SETTLED' || entry.status === 'RETURNED') return undefined
  if (entry.status === 'REJECTED') return item('UNMATCHED_DEBIT', 'a debit booked for a credit transfer the bank rejected, whose payout was refunded: ask the bank', about)
  if ((await settleBankPayouts(tx, [entry.transactionId], now)) === 0) {
    return item('UNMATCHED_DEBIT', 'the payout is no longer PROCESSING: settle it by hand', about)
  }
  await markSepaEntry(tx, entry.id, 'SETTLED', null, now)
  return { settled: entry.transactionId }
}

/**
 * A booked credit that is not a transfer received for an account: the return of one of our
 * settled transfers refunds its payout; anything else (a return of a transfer not settled, of
 * another amount, or money quoting no reference) is the operator's.
 */
async function applyBookedCredit(tx: Tx, booked: BookedTransaction, entry: LockedSepaEntry | undefined, about: Partial<NewOperatorItem>, now: Date): Promise<BookedOutcome> {
  const code = booked.returnReasonCode
  const credit = (what: string) => item('BOOKED_CREDIT', `a booked credit of ${booked.amount ?? '?'} cents ${booked.currency ?? ''}: ${what}`, about)
  if (!code) return credit(`money received${entry ? `, quoting the payout's credit transfer (${entry.status})` : ''}`)
  const returned = `a returned payment (${code}: ${reasonOfCode(code)})`
  if (!entry) return credit(`${returned} of no credit transfer of ours`)
  if (entry.status === 'RETURNED') return undefined
  if (entry.status !== 'SETTLED' || booked.currency !== 'EUR' || booked.amount !== entry.amount) {
    return credit(`${returned} of the payout's credit transfer (${entry.status}, ${entry.amount} EUR cents): apply it by hand`)
  }
  const details = { rail: 'SEPA', returnCode: code, returnReason: reasonOfCode(code) }
  if (!(await returnBankPayout(tx, entry.transactionId, { stage: 'DONE', status: 'COMPLETED' }, details, now))) {
    return credit(`${returned} of a payout no longer COMPLETED: apply it by hand`)
  }
  await markSepaEntry(tx, entry.id, 'RETURNED', code, now)
  return { returned: entry.transactionId, code }
}
