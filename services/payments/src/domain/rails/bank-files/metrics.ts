import { counter, gauge } from '@pp/metrics'

/** What every bank-file rail counts, under its own prefix (ach_files_sent_total, sepa_files_sent_total...). */
export interface BankFileMetrics {
  fileSent(entryCount: number): void
  /**
   * One processed inbound file: the codes of the payouts it failed, the credits it brought to
   * accounts, and the kinds of the items it kept for an operator.
   */
  inboundProcessed(file: { failureCodes: string[]; credited: number; operatorKinds: string[] }): void
}

/**
 * The counters of rail `prefix`; `failures` names what fails a payout (ACH returns, SEPA
 * rejections), counted by the bank's code.
 */
export function bankFileMetrics(prefix: string, rail: string, failures: string): BankFileMetrics {
  const filesSent = counter(`${prefix}_files_sent_total`, `${rail} files uploaded to the bank`)
  const entriesSent = counter(`${prefix}_entries_sent_total`, `${rail} entries in the files uploaded`)
  const failed = counter(`${prefix}_${failures}_total`, `${rail} ${failures} applied to payouts, by the bank's code`, ['code'])
  const unmatched = counter(`${prefix}_unmatched_items_total`, `Inbound ${rail} items kept for an operator, by kind`, ['kind'])
  const credits = counter(`${prefix}_credits_received_total`, `${rail} credits received and credited to the internal account they named`)
  const inboundFiles = counter(`${prefix}_inbound_files_processed_total`, `Inbound ${rail} files processed`)
  return {
    fileSent(entryCount) {
      filesSent.inc()
      entriesSent.inc(entryCount)
    },
    inboundProcessed(file) {
      inboundFiles.inc()
      for (const code of file.failureCodes) failed.inc({ code })
      credits.inc(file.credited)
      for (const kind of file.operatorKinds) unmatched.inc({ kind })
    },
  }
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
