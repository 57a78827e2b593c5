import { durationMs, z } from '@pp/config'
import { bankingCalendar } from './banking-calendar.js'
import type { BankingCalendar } from '../bank-files/schedule.js'
import { extraHolidays, requireWithHost, sftpConfig, sftpSettingsOf, timesOfDay } from '../bank-files/settings.js'
import type { NachaOriginator } from './nacha-file.js'
import type { SftpSettings } from '../../../providers/sftp/sftp-transport.js'

/**
 * The US ACH rail (NACHA files over the bank's SFTP server, issue 27). Production payouts to US
 * bank accounts go through it once ACH_SFTP_HOST is set; every other ACH_* setting without a
 * default is then required. Unset, those payouts answer 501 naming ACH_SFTP_HOST.
 */
export const achConfig = z.object({
  ...sftpConfig('ACH'),
  /** The originating bank's routing number (9 digits); its first 8 start every trace number. */
  ACH_ODFI_ROUTING_NUMBER: z.string().regex(/^[0-9]{9}$/, 'expected 9 digits').optional(),
  /** The company identification the bank assigned (10 characters). */
  ACH_COMPANY_ID: z.string().min(1).max(10).optional(),
  ACH_COMPANY_NAME: z.string().min(1).max(16).optional(),
  /** What the receivers' statements show (10 characters). */
  ACH_ENTRY_DESCRIPTION: z.string().min(1).max(10).default('PAYOUT'),
  /** The file header's immediate destination: the bank's routing number (9 digits) and name. */
  ACH_IMMEDIATE_DESTINATION: z.string().regex(/^[0-9]{9}$/, 'expected 9 digits').optional(),
  ACH_IMMEDIATE_DESTINATION_NAME: z.string().max(23).default(''),
  /** The file header's immediate origin (10 characters, as the bank assigned) and name. */
  ACH_IMMEDIATE_ORIGIN: z.string().min(1).max(10).optional(),
  ACH_IMMEDIATE_ORIGIN_NAME: z.string().max(23).default(''),
  /** When files are built and sent, UTC. */
  ACH_CUTOFF_TIMES: timesOfDay.default(['14:00']),
  /** When the inbound folder is read for returns and notifications of change, UTC. */
  ACH_RETURN_FETCH_TIMES: timesOfDay.default(['06:00', '12:00', '18:00']),
  /** Days the bank is closed besides weekends and the Federal Reserve's holidays, YYYY-MM-DD comma-separated. */
  ACH_EXTRA_BANK_HOLIDAYS: extraHolidays,
  /** Banking days (the Federal Reserve's) from a file's cut-off to its entries' effective date. */
  ACH_EFFECTIVE_DAYS: z.coerce.number().int().min(0).max(5).default(1),
  /**
   * Banking days after a prenote's effective date with no return before its account counts as
   * validated and payouts may use it (NACHA's waiting period is 3).
   */
  ACH_PRENOTE_WAIT_DAYS: z.coerce.number().int().min(0).max(10).default(3),
  /** An entry settles (its payout COMPLETED) this long after the start of its effective date, UTC, unless returned before. */
  ACH_SETTLEMENT_AFTER_MS: durationMs.default(86_400_000),
  /** Whether the bank wants balanced files: each batch then ends with an offset debit to the account below. */
  ACH_BALANCED_FILE: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  ACH_OFFSET_ROUTING_NUMBER: z.string().regex(/^[0-9]{9}$/, 'expected 9 digits').optional(),
  ACH_OFFSET_ACCOUNT_NUMBER: z.string().regex(/^[A-Za-z0-9-]{1,17}$/).optional(),
  ACH_OFFSET_ACCOUNT_KIND: z.enum(['CHECKING', 'SAVINGS']).default('CHECKING'),
  /** The most entries one file carries; the rest wait for the next cut-off. */
  ACH_FILE_ENTRIES_MAX: z.coerce.number().int().min(1).max(100_000).default(10_000),
})

export type AchConfig = z.infer<typeof achConfig>

const REQUIRED_WITH_HOST = [
  'ACH_ODFI_ROUTING_NUMBER',
  'ACH_COMPANY_ID',
  'ACH_COMPANY_NAME',
  'ACH_IMMEDIATE_DESTINATION',
  'ACH_IMMEDIATE_ORIGIN',
] as const

/** ACH is all or nothing: with ACH_SFTP_HOST set, the rest must be too (and the offset account for balanced files), each missing one named. */
export function requireAchSettings(config: AchConfig, ctx: z.RefinementCtx): void {
  const offset = config.ACH_BALANCED_FILE ? ['ACH_OFFSET_ROUTING_NUMBER', 'ACH_OFFSET_ACCOUNT_NUMBER'] : []
  requireWithHost('ACH', config, [...REQUIRED_WITH_HOST, ...offset], ctx)
}

/** The ACH rail's settings once configured: the originator, the transport and the schedule. */
export interface AchSettings {
  originator: NachaOriginator
  sftp: SftpSettings
  /** The offset account of a balanced file; absent when the bank wants credits only. */
  offset?: { routingNumber: string; accountNumber: string; accountKind: 'CHECKING' | 'SAVINGS' }
  cutoffTimes: string[]
  returnFetchTimes: string[]
  /** The days ACH moves money: effective dates and prenote waiting periods count in them. */
  calendar: BankingCalendar
  effectiveDays: number
  settlementAfterMs: number
  prenoteWaitDays: number
  fileEntriesMax: number
}

/** The configured ACH rail, or undefined when ACH_SFTP_HOST is unset. `readKey` reads the private key file. */
export function achSettingsOf(config: AchConfig, readKey: (path: string) => string): AchSettings | undefined {
  const sftp = sftpSettingsOf(config, 'ACH', readKey)
  if (!sftp) return undefined
  const required = <K extends (typeof REQUIRED_WITH_HOST)[number]>(name: K): string => config[name]!
  return {
    originator: {
      immediateDestination: required('ACH_IMMEDIATE_DESTINATION'),
      immediateDestinationName: config.ACH_IMMEDIATE_DESTINATION_NAME,
      immediateOrigin: required('ACH_IMMEDIATE_ORIGIN'),
      immediateOriginName: config.ACH_IMMEDIATE_ORIGIN_NAME,
      companyName: required('ACH_COMPANY_NAME'),
      companyId: required('ACH_COMPANY_ID'),
      odfiIdentification: required('ACH_ODFI_ROUTING_NUMBER').slice(0, 8),
      entryDescription: config.ACH_ENTRY_DESCRIPTION,
    },
    sftp,
    offset: config.ACH_BALANCED_FILE
      ? { routingNumber: config.ACH_OFFSET_ROUTING_NUMBER!, accountNumber: config.ACH_OFFSET_ACCOUNT_NUMBER!, accountKind: config.ACH_OFFSET_ACCOUNT_KIND }
      : undefined,
    cutoffTimes: config.ACH_CUTOFF_TIMES,
    returnFetchTimes: config.ACH_RETURN_FETCH_TIMES,
    calendar: bankingCalendar(config.ACH_EXTRA_BANK_HOLIDAYS),
    effectiveDays: config.ACH_EFFECTIVE_DAYS,
    settlementAfterMs: config.ACH_SETTLEMENT_AFTER_MS,
    prenoteWaitDays: config.ACH_PRENOTE_WAIT_DAYS,
    fileEntriesMax: config.ACH_FILE_ENTRIES_MAX,
  }
}
