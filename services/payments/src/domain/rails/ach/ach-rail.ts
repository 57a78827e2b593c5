import { counter } from '@pp/metrics'
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
