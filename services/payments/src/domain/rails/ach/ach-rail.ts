import { counter, gauge } from '@pp/metrics'
import type { BankTransport } from '../../../providers/sftp/sftp-transport.js'
import { bankFileMetrics } from '../bank-files/metrics.js'
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

/** Files (of payouts and prenotes), returns by return code, unmatched items. */
export const achMetrics = bankFileMetrics('ach', 'ACH', 'returns')
const notifications = counter('ach_notifications_of_change_total', 'ACH notifications of change received, by change code', ['code'])
const prenotes = counter('ach_prenotes_total', 'Production US accounts whose prenote ended, by outcome (VALIDATED, FAILED)', ['outcome'])

export const countPrenote = (outcome: 'VALIDATED' | 'FAILED'): void => prenotes.inc({ outcome })
export const countNotificationsOfChange = (codes: string[]): void => codes.forEach((code) => notifications.inc({ code }))

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
