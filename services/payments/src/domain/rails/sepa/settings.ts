import { z } from '@pp/config'
import type { SftpSettings } from '../../../providers/sftp/sftp-transport.js'
import type { BankingCalendar } from '../bank-files/schedule.js'
import { extraHolidays, requireWithHost, sftpConfig, sftpSettingsOf, timesOfDay } from '../bank-files/settings.js'
import { isBic, isIban, type SepaDebtor } from './pain001.js'
import { isSepaIdentifier } from './sepa-text.js'
import { targetCalendar } from './target-calendar.js'

/**
 * The SEPA credit transfer rail (pain.001 files over the bank's SFTP server, issue 27). Production
 * payouts to EUR IBAN accounts go through it once SEPA_SFTP_HOST is set; every other SEPA_*
 * setting without a default is then required. Unset, those payouts answer 501 naming SEPA_SFTP_HOST.
 */
export const sepaConfig = z.object({
  ...sftpConfig('SEPA'),
  /** The platform as the debtor: its name, its account's IBAN at the bank, and the bank's BIC (optional in the EPC rulebook). */
  SEPA_DEBTOR_NAME: z.string().min(1).max(70).optional(),
  SEPA_DEBTOR_IBAN: z.string().refine(isIban, 'expected an IBAN with valid check digits').optional(),
  SEPA_DEBTOR_BIC: z.string().refine(isBic, 'expected a BIC (8 or 11 characters)').optional(),
  /** The id the bank gave the platform as initiating party of its files. */
  SEPA_INITIATING_PARTY_ID: z.string().refine(isSepaIdentifier, 'expected up to 35 characters of the SEPA set').optional(),
  /** When files are built and sent, UTC: before the bank's own cut-off for same-day execution. */
  SEPA_CUTOFF_TIMES: timesOfDay.default(['13:00']),
  /** When the inbound folder is read for status reports and debit notifications, UTC. */
  SEPA_FETCH_TIMES: timesOfDay.default(['07:00', '15:00', '19:00']),
  /** Days the bank is closed besides TARGET2's closing days, YYYY-MM-DD comma-separated. */
  SEPA_EXTRA_BANK_HOLIDAYS: extraHolidays,
  /** TARGET2 days from a file's cut-off to the execution date it asks for (0: the same day when open). */
  SEPA_EXECUTION_DAYS: z.coerce.number().int().min(0).max(5).default(0),
  /** The most credit transfers one file carries; the rest wait for the next cut-off. */
  SEPA_FILE_ENTRIES_MAX: z.coerce.number().int().min(1).max(100_000).default(10_000),
})

export type SepaConfig = z.infer<typeof sepaConfig>

const REQUIRED_WITH_HOST = ['SEPA_DEBTOR_NAME', 'SEPA_DEBTOR_IBAN', 'SEPA_INITIATING_PARTY_ID'] as const

/** SEPA is all or nothing: with SEPA_SFTP_HOST set, the rest must be too, each missing one named. */
export const requireSepaSettings = (config: SepaConfig, ctx: z.RefinementCtx): void => requireWithHost('SEPA', config, REQUIRED_WITH_HOST, ctx)

/** The SEPA rail's settings once configured: the debtor, the transport and the schedule. */
export interface SepaSettings {
  debtor: SepaDebtor
  sftp: SftpSettings
  cutoffTimes: string[]
  fetchTimes: string[]
  calendar: BankingCalendar
  executionDays: number
  fileEntriesMax: number
}

/** The configured SEPA rail, or undefined when SEPA_SFTP_HOST is unset. `readKey` reads the private key file. */
export function sepaSettingsOf(config: SepaConfig, readKey: (path: string) => string): SepaSettings | undefined {
  const sftp = sftpSettingsOf(config, 'SEPA', readKey)
  if (!sftp) return undefined
  return {
    debtor: {
      name: config.SEPA_DEBTOR_NAME!,
      iban: config.SEPA_DEBTOR_IBAN!,
      ...(config.SEPA_DEBTOR_BIC && { bic: config.SEPA_DEBTOR_BIC }),
      initiatingPartyId: config.SEPA_INITIATING_PARTY_ID!,
    },
    sftp,
    cutoffTimes: config.SEPA_CUTOFF_TIMES,
    fetchTimes: config.SEPA_FETCH_TIMES,
    calendar: targetCalendar(config.SEPA_EXTRA_BANK_HOLIDAYS),
    executionDays: config.SEPA_EXECUTION_DAYS,
    fileEntriesMax: config.SEPA_FILE_ENTRIES_MAX,
  }
}
