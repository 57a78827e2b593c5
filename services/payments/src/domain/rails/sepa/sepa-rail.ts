import { counter } from '@pp/metrics'
import type { BankTransport } from '../../../providers/sftp/sftp-transport.js'
import { bankFileMetrics } from '../bank-files/metrics.js'
import type { SepaSettings } from './settings.js'

/** The configured SEPA rail of this process: its settings and the bank's file drop. */
export interface SepaRail {
  settings: SepaSettings
  transport: BankTransport
}

/** A pain.001 file the rail sent (or sent again after a crash). */
export interface SepaFileSummary {
  id: string
  name: string
  messageId: string
  entryCount: number
  totalCents: bigint
}

/** Files, credit transfers, rejections by ISO reason code, unmatched items. */
export const sepaMetrics = bankFileMetrics('sepa', 'SEPA', 'rejections')
const settlements = counter('sepa_settlements_total', 'SEPA credit transfers settled by a booked debit of the bank')

export const countSettlements = (count: number): void => settlements.inc(count)

/** The end-to-end id of a payout: its transaction's UUID in hex, 32 characters of the SEPA set, unique. */
export const endToEndIdOf = (transactionId: string): string => transactionId.slice(transactionId.indexOf(':') + 1).replace(/-/g, '')
