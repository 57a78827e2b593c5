import { durationMs, z } from '@pp/config'
import { bankingCalendar, type BankingCalendar } from './banking-calendar.js'
import type { NachaOriginator } from './nacha-file.js'
import type { SftpSettings } from '../../../providers/ach/sftp-transport.js'

/** Times of day, UTC, `HH:MM` comma-separated. */
const timesOfDay = z
  .string()
  .transform((value) => value.split(',').map((time) => time.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'expected HH:MM (UTC)')))

/**
 * The US ACH rail (NACHA files over the bank's SFTP server, issue 27). Production payouts to US
 * bank accounts go through it once ACH_SFTP_HOST is set; every other ACH_* setting without a
 * default is then required. Unset, those payouts answer 501 naming ACH_SFTP_HOST.
 */
export const achConfig = z.object({
  ACH_SFTP_HOST: z.string().min(1).optional(),
  ACH_SFTP_PORT: z.coerce.number().int().min(1).max(65_535).default(22),
  ACH_SFTP_USER: z.string().min(1).optional(),
  /** The platform's SFTP private key (OpenSSH or PEM), a file mounted from a secret. */
  ACH_SFTP_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  /** The bank's host key as `ssh-keygen -lf` prints it (`SHA256:...`); any other key is refused. */
  ACH_SFTP_HOST_KEY_FINGERPRINT: z.string().regex(/^SHA256:[A-Za-z0-9+/]{43}$/, 'expected SHA256: and 43 base64 characters').optional(),
  ACH_SFTP_OUTBOUND_DIR: z.string().min(1).default('/outbound'),
  ACH_SFTP_INBOUND_DIR: z.string().min(1).default('/inbound'),
  ACH_SFTP_TIMEOUT_MS: durationMs.min(1).default(30_000),
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
  ACH_EXTRA_BANK_HOLIDAYS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((day) => day.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD'))),
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
  'ACH_SFTP_USER',
  'ACH_SFTP_PRIVATE_KEY_FILE',
  'ACH_SFTP_HOST_KEY_FINGERPRINT',
  'ACH_ODFI_ROUTING_NUMBER',
  'ACH_COMPANY_ID',
  'ACH_COMPANY_NAME',
  'ACH_IMMEDIATE_DESTINATION',
  'ACH_IMMEDIATE_ORIGIN',
] as const

/** ACH is all or nothing: with ACH_SFTP_HOST set, the rest must be too (and the offset account for balanced files), each missing one named. */
export function requireAchSettings(config: AchConfig, ctx: z.RefinementCtx): void {
  for (const name of missingAchSettings(config)) {
    ctx.addIssue({ code: 'custom', path: [name], message: 'required when ACH_SFTP_HOST is set' })
  }
}

function missingAchSettings(config: AchConfig): string[] {
  if (!config.ACH_SFTP_HOST) return []
  const missing: string[] = REQUIRED_WITH_HOST.filter((name) => !config[name])
  if (config.ACH_BALANCED_FILE && !config.ACH_OFFSET_ROUTING_NUMBER) missing.push('ACH_OFFSET_ROUTING_NUMBER')
  if (config.ACH_BALANCED_FILE && !config.ACH_OFFSET_ACCOUNT_NUMBER) missing.push('ACH_OFFSET_ACCOUNT_NUMBER')
  return missing
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
  if (!config.ACH_SFTP_HOST) return undefined
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
    sftp: {
      host: config.ACH_SFTP_HOST,
      port: config.ACH_SFTP_PORT,
      username: required('ACH_SFTP_USER'),
      privateKey: readKey(required('ACH_SFTP_PRIVATE_KEY_FILE')),
      hostKeyFingerprint: required('ACH_SFTP_HOST_KEY_FINGERPRINT'),
      outboundDir: config.ACH_SFTP_OUTBOUND_DIR,
      inboundDir: config.ACH_SFTP_INBOUND_DIR,
      timeoutMs: config.ACH_SFTP_TIMEOUT_MS,
    },
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
