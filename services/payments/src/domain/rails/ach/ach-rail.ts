import { counter, gauge } from '@pp/metrics'
import type { BankTransport } from '../../../providers/ach/sftp-transport.js'
import type { AchSettings } from './settings.js'

/** The configured ACH rail of this process: its settings and the bank's file drop. */
export interface AchRail {
  settings: AchSettings
  transport: BankTransport
}

/** A file the rail sent (or sent again after a crash). */
export interface AchFileSummary {
  id: string
  name: string
  entryCount: number
  totalCredit: bigint
}

/** What one inbound file did. */
export interface InboundSummary {
  name: string
  /** False when another run (a replica, an earlier try) had processed it. */
  processed: boolean
  returns: number
  notifications: number
  unmatched: number
}

const filesSent = counter('ach_files_sent_total', 'NACHA files uploaded to the bank')
const entriesSent = counter('ach_entries_sent_total', 'ACH entries (payouts and prenotes) in the files uploaded')
const returns = counter('ach_returns_total', 'ACH returns applied to payouts, by return code', ['code'])
const notifications = counter('ach_notifications_of_change_total', 'ACH notifications of change received, by change code', ['code'])
const unmatched = counter('ach_unmatched_items_total', 'Inbound ACH items kept for an operator, by kind', ['kind'])
const prenotes = counter('ach_prenotes_total', 'Production US accounts whose prenote ended, by outcome (VALIDATED, FAILED)', ['outcome'])
const inboundFiles = counter('ach_inbound_files_processed_total', 'Inbound ACH files processed')

export function countFileSent(entryCount: number): void {
  filesSent.inc()
  entriesSent.inc(entryCount)
}

export const countPrenote = (outcome: 'VALIDATED' | 'FAILED'): void => prenotes.inc({ outcome })

/** Counts what one processed inbound file did. */
export function countInbound(file: { returnCodes: string[]; changeCodes: string[]; operatorKinds: string[] }): void {
  inboundFiles.inc()
  for (const code of file.returnCodes) returns.inc({ code })
  for (const code of file.changeCodes) notifications.inc({ code })
  for (const kind of file.operatorKinds) unmatched.inc({ kind })
}

/**
 * The age of the oldest production payout still PROCESSING, read at each scrape: a payout the bank never
 * answered, or a file that never left, shows here first.
 */
export function registerOldestProcessingGauge(oldestProcessingSince: () => Promise<Date | undefined>, now: () => Date): void {
  gauge('payments_oldest_processing_payout_age_seconds', 'Age of the oldest production outgoing payment still PROCESSING (0: none)', [], async function collect() {
    const since = await oldestProcessingSince()
    this.set(since ? Math.max(0, (now().getTime() - since.getTime()) / 1000) : 0)
  })
}
