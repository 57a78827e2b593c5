import { durationMs, z } from '@pp/config'
import type { SftpSettings } from '../../../providers/sftp/sftp-transport.js'

/** Times of day, UTC, `HH:MM` comma-separated. */
export const timesOfDay = z
  .string()
  .transform((value) => value.split(',').map((time) => time.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'expected HH:MM (UTC)')))

/** Days, YYYY-MM-DD comma-separated: a bank's closures no calendar rule foresees. */
export const extraHolidays = z
  .string()
  .default('')
  .transform((value) => value.split(',').map((day) => day.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')))

/** How a rail reaches its bank's SFTP server; each rail's settings carry it under their prefix (ACH_SFTP_HOST...). */
const sftpShape = {
  SFTP_HOST: z.string().min(1).optional(),
  SFTP_PORT: z.coerce.number().int().min(1).max(65_535).default(22),
  SFTP_USER: z.string().min(1).optional(),
  /** The platform's SFTP private key (OpenSSH or PEM), a file mounted from a secret. */
  SFTP_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  /** The bank's host key as `ssh-keygen -lf` prints it (`SHA256:...`); any other key is refused. */
  SFTP_HOST_KEY_FINGERPRINT: z.string().regex(/^SHA256:[A-Za-z0-9+/]{43}$/, 'expected SHA256: and 43 base64 characters').optional(),
  SFTP_OUTBOUND_DIR: z.string().min(1).default('/outbound'),
  SFTP_INBOUND_DIR: z.string().min(1).default('/inbound'),
  SFTP_TIMEOUT_MS: durationMs.min(1).default(30_000),
}

type SftpShape = typeof sftpShape
type Prefixed<P extends string, T> = { [K in keyof T as K extends string ? `${P}_${K}` : never]: T[K] }
type SftpValues = z.output<z.ZodObject<SftpShape>>

/** The SFTP settings of rail `prefix`, for its config object. */
export const sftpConfig = <P extends string>(prefix: P): Prefixed<P, SftpShape> =>
  Object.fromEntries(Object.entries(sftpShape).map(([name, schema]) => [`${prefix}_${name}`, schema])) as Prefixed<P, SftpShape>

/** The SFTP settings a rail with SFTP_HOST set must have besides it. */
export const SFTP_REQUIRED = ['SFTP_USER', 'SFTP_PRIVATE_KEY_FILE', 'SFTP_HOST_KEY_FINGERPRINT'] as const

const unprefixed = <P extends string>(config: Prefixed<P, SftpValues>, prefix: P): SftpValues =>
  Object.fromEntries(Object.keys(sftpShape).map((name) => [name, (config as Record<string, unknown>)[`${prefix}_${name}`]])) as SftpValues

/**
 * A rail is all or nothing: with `<prefix>_SFTP_HOST` set, each of `required` (full names) must be
 * set too, and each missing one is named.
 */
export function requireWithHost<P extends string>(prefix: P, config: Record<string, unknown>, required: readonly string[], ctx: z.RefinementCtx): void {
  if (!config[`${prefix}_SFTP_HOST`]) return
  for (const name of [...SFTP_REQUIRED.map((setting) => `${prefix}_${setting}`), ...required]) {
    if (!config[name]) ctx.addIssue({ code: 'custom', path: [name], message: `required when ${prefix}_SFTP_HOST is set` })
  }
}

/** The rail's transport settings once its host is set (the refinement above made the rest present); `readKey` reads the key file. */
export function sftpSettingsOf<P extends string>(config: Prefixed<P, SftpValues>, prefix: P, readKey: (path: string) => string): SftpSettings | undefined {
  const values = unprefixed(config, prefix)
  if (!values.SFTP_HOST) return undefined
  return {
    host: values.SFTP_HOST,
    port: values.SFTP_PORT,
    username: values.SFTP_USER!,
    privateKey: readKey(values.SFTP_PRIVATE_KEY_FILE!),
    hostKeyFingerprint: values.SFTP_HOST_KEY_FINGERPRINT!,
    outboundDir: values.SFTP_OUTBOUND_DIR,
    inboundDir: values.SFTP_INBOUND_DIR,
    timeoutMs: values.SFTP_TIMEOUT_MS,
  }
}
