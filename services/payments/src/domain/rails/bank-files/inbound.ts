import { createHash } from 'node:crypto'
import { inTransaction } from '@pp/db'
import { newId } from '@pp/ids'
import type { Tx } from '../../../db/client.js'
import { claimInboundFile, countInboundFile, insertOperatorItems, isInboundFileKnown, type BankRail, type NewOperatorItem } from '../../../db/bank-files.db.js'
import type { BankTransport } from '../../../providers/sftp/sftp-transport.js'
import type { PaymentsDeps } from '../../deps.js'
import { driveTransaction } from '../../transactions/driver.js'

/** The most inbound files one run reads; the rest wait for the next (a full batch runs again at once). */
export const INBOUND_FILES_MAX = 50

/** What one inbound file did. */
export interface InboundSummary {
  name: string
  /** False when another run (a replica, an earlier try) had processed it. */
  processed: boolean
  /** Payouts it failed (returns, rejections). */
  returns: number
  notifications: number
  /** Payouts it settled. */
  settled: number
  unmatched: number
}

/** What a file's content did inside the claiming transaction: its counts, its items, and the payouts to drive after the commit. */
export interface AppliedFile {
  toDrive: string[]
  counts: { returns: number; notifications: number; settled: number }
  items: NewOperatorItem[]
}

/**
 * Reads a rail's inbound folder: every file not processed yet is downloaded and handed to
 * `process`. A file already processed under its name is not downloaded again (banks name each
 * file anew).
 */
export async function fetchInbound(
  deps: PaymentsDeps,
  rail: BankRail,
  transport: BankTransport,
  process: (name: string, content: Buffer) => Promise<InboundSummary>,
): Promise<InboundSummary[]> {
  const summaries: InboundSummary[] = []
  for (const name of await transport.listInbound()) {
    if (summaries.length === INBOUND_FILES_MAX) break
    if (await isInboundFileKnown(deps.db, rail, name)) continue
    summaries.push(await process(name, await transport.download(name)))
  }
  return summaries
}

/**
 * Processes one inbound file exactly once: it is claimed (rail, name and digest, unique) in the
 * same database transaction that `apply` changes the payouts in and that records its operator
 * items, so a replica racing on the same file, or a re-run after a crash between download and
 * processing, finds it claimed and changes nothing. The ledger steps the payouts owe run after
 * the commit (the recovery run finishes them after a crash). Answers the summary, and what was
 * applied when this call processed it.
 */
export async function processOnce<A extends AppliedFile>(
  deps: PaymentsDeps,
  rail: BankRail,
  name: string,
  content: Buffer,
  apply: (tx: Tx, now: Date) => Promise<A>,
): Promise<{ summary: InboundSummary; applied?: A }> {
  const digest = createHash('sha256').update(content).digest('hex')
  const now = deps.now()
  const id = newId('BankInboundFile')
  const applied = await inTransaction(deps.db, async (tx) => {
    if (!(await claimInboundFile(tx, { id, rail, name, digest, processedAt: now }))) return undefined
    const result = await apply(tx, now)
    await insertOperatorItems(tx, rail, id, result.items, now)
    await countInboundFile(tx, id, { ...result.counts, unmatched: result.items.length })
    return result
  })
  if (!applied) return { summary: { name, processed: false, returns: 0, notifications: 0, settled: 0, unmatched: 0 } }
  for (const transactionId of applied.toDrive) {
    await driveTransaction(deps, transactionId, 'FAIL').catch((err: unknown) => deps.logger.warn({ err, transactionId }, 'inbound file: ledger step left to the recovery run'))
  }
  const summary = { name, processed: true, ...applied.counts, unmatched: applied.items.length }
  deps.logger.info({ rail, ...summary }, 'inbound bank file processed')
  return { summary, applied }
}
