import { newId } from '@pp/ids'
import type { Tx } from '../../../db/client.js'
import { lockAchEntryByTrace, markAchEntryReturned } from '../../../db/ach-inbound.db.js'
import { returnBankPayout, type NewOperatorItem } from '../../../db/bank-files.db.js'
import { findUnreturnedPrenotes } from '../../../db/ach-prenotes.db.js'
import type { PaymentsDeps } from '../../deps.js'
import { fetchInbound, processOnce, type AppliedFile, type InboundSummary } from '../bank-files/inbound.js'
import { achMetrics, countNotificationsOfChange, countPrenote, type AchRail } from './ach-rail.js'
import { creditReceivedEntries } from './incoming-credits.js'
import { maskCorrectedData, maskRecords } from './masking.js'
import { tellLedger } from './prenote-outcome.js'
import { CHANGE_REASONS, readReturnFile, returnReasonOf, type AchNotification, type AchReturn, type ReturnFile } from './nacha-returns.js'

/** Reads the bank's inbound folder: every return or notification-of-change file not processed yet. */
export const fetchAchInbound = (deps: PaymentsDeps, ach: AchRail): Promise<InboundSummary[]> =>
  fetchInbound(deps, 'ACH', ach.transport, (name, content) => processInboundFile(deps, name, content))

/** What a file's items did inside the claiming transaction, with the codes the metrics count. */
interface Applied extends AppliedFile {
  returnCodes: string[]
  changeCodes: string[]
}

/**
 * Processes one inbound file exactly once (see processOnce): its returns fail their payouts, its
 * credits reach the accounts they name (the ledger is asked before the claim), and its other items
 * go to the operator queue, together with the file's claim.
 */
export async function processInboundFile(deps: PaymentsDeps, name: string, content: Buffer): Promise<InboundSummary> {
  const parsed = parse(content.toString('latin1'))
  if (typeof parsed !== 'string') await failReturnedPrenotes(deps, parsed.returns)
  const received = typeof parsed === 'string' ? { credited: 0, items: [] } : await creditReceivedEntries(deps, parsed.credits)
  const { summary, applied } = await processOnce(deps, 'ACH', name, content, async (tx, now) => {
    const file = typeof parsed === 'string' ? unreadableFile(name, parsed) : await applyFile(tx, parsed, now)
    return { ...file, items: [...file.items, ...received.items] }
  })
  if (applied) {
    achMetrics.inboundProcessed({ failureCodes: applied.returnCodes, credited: received.credited, operatorKinds: applied.items.map((item) => item.kind) })
    countNotificationsOfChange(applied.changeCodes)
  }
  return summary
}

/**
 * A returned prenote makes its account unusable: the ledger is told before the file is claimed, so
 * an outage leaves the file unprocessed, to be read again, rather than a return the ledger never
 * hears of. Telling it twice (a file read again) changes nothing.
 */
async function failReturnedPrenotes(deps: PaymentsDeps, returns: AchReturn[]): Promise<void> {
  if (returns.length === 0) return
  const prenotes = await findUnreturnedPrenotes(deps.db, returns.map((entry) => entry.originalTraceNumber))
  for (const entry of returns) {
    const prenote = prenotes.get(entry.originalTraceNumber)
    if (prenote) await tellLedger(deps, prenote, 'FAILED', entry.returnCode)
  }
}

function parse(text: string): ReturnFile | string {
  try {
    return readReturnFile(text)
  } catch (err) {
    return err instanceof Error ? err.message : String(err)
  }
}

/** A file that is not NACHA at all: kept whole for an operator, as one item naming the problem (its content stays at the bank). */
const unreadableFile = (name: string, problem: string): Applied => ({
  toDrive: [],
  counts: { returns: 0, notifications: 0, settled: 0 },
  returnCodes: [],
  changeCodes: [],
  items: [{ id: newId('AchItem'), kind: 'UNREADABLE', problem: `file ${name} could not be read: ${problem}`, records: '' }],
})

async function applyFile(tx: Tx, file: ReturnFile, now: Date): Promise<Applied> {
  const applied: Applied = { toDrive: [], counts: { returns: 0, notifications: 0, settled: 0 }, returnCodes: [], changeCodes: [], items: [] }
  for (const entry of file.returns) {
    const outcome = await applyReturn(tx, entry, now)
    if (typeof outcome === 'string') applied.toDrive.push(outcome)
    else if (outcome) applied.items.push(outcome)
    applied.returnCodes.push(entry.returnCode)
  }
  for (const notification of file.notifications) {
    applied.items.push(await noticeOf(tx, notification))
    applied.changeCodes.push(notification.changeCode)
  }
  for (const entry of file.unreadable) applied.items.push({ id: newId('AchItem'), kind: 'UNREADABLE', problem: entry.problem, records: maskRecords(entry.records) })
  applied.counts = { returns: applied.toDrive.length, notifications: applied.changeCodes.length, settled: 0 }
  return applied
}

/**
 * A return of one of our entries fails its payout with the return code and reason: voided while
 * the entry had not settled, refunded with entries of its own once it had. Answers the transaction
 * to drive, nothing for a prenote (the ledger was told before), or the item an operator must look
 * at: a trace number of no entry of ours, an amount other than the entry's, an entry returned
 * already, a payout in no state a return applies to.
 */
async function applyReturn(tx: Tx, entry: AchReturn, now: Date): Promise<string | NewOperatorItem | undefined> {
  const unmatched = (problem: string, transactionId?: string): NewOperatorItem => ({
    id: newId('AchItem'),
    kind: 'UNMATCHED_RETURN',
    transactionId,
    code: entry.returnCode,
    reference: entry.originalTraceNumber,
    amount: entry.amount,
    problem,
    records: maskRecords(entry.records),
  })
  const found = await lockAchEntryByTrace(tx, entry.originalTraceNumber)
  if (!found) return unmatched('no entry sent by this platform has this trace number')
  if (found.amount !== entry.amount) return unmatched(`the return is for ${entry.amount} cents, the entry was for ${found.amount}`, found.transactionId ?? undefined)
  if (found.status === 'RETURNED') return unmatched('the entry was returned already', found.transactionId ?? undefined)
  if (found.transactionId === null) {
    await markAchEntryReturned(tx, found.id, entry.returnCode, now)
    countPrenote('FAILED')
    return undefined
  }
  const details = { rail: 'ACH', returnCode: entry.returnCode, returnReason: returnReasonOf(entry.returnCode), traceNumber: entry.originalTraceNumber }
  const from = found.status === 'SETTLED' ? ({ stage: 'DONE', status: 'COMPLETED' } as const) : ({ stage: 'WAIT', status: 'PROCESSING' } as const)
  if (!(await returnBankPayout(tx, found.transactionId, from, details, now))) {
    return unmatched(`the payout is not ${from.status} (it may be settling now): apply the return by hand`, found.transactionId)
  }
  await markAchEntryReturned(tx, found.id, entry.returnCode, now)
  return found.transactionId
}

/**
 * A notification of change: the payout went through, but the receiver's bank gives corrected
 * details for the next one. The spec has no update of an external account's numbers, so it is
 * kept for an operator with the external account it concerns, the account number masked.
 */
async function noticeOf(tx: Tx, notification: AchNotification): Promise<NewOperatorItem> {
  const found = await lockAchEntryByTrace(tx, notification.originalTraceNumber)
  const corrected = maskCorrectedData(notification.changeCode, notification.correctedData)
  const reason = CHANGE_REASONS[notification.changeCode] ?? `change ${notification.changeCode}`
  return {
    id: newId('AchItem'),
    kind: found ? 'NOTIFICATION_OF_CHANGE' : 'UNMATCHED_NOTIFICATION',
    transactionId: found?.transactionId ?? undefined,
    code: notification.changeCode,
    reference: notification.originalTraceNumber,
    problem: found
      ? `${reason}: corrected data ${corrected}; correct external account ${found.externalAccountId}`
      : `${reason} (corrected data ${corrected}) for a trace number of no entry sent by this platform`,
    records: maskRecords(notification.records),
  }
}
