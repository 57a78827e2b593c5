import { durationMs, requireTogether, z } from '@pp/config'
import type { Logger } from '@pp/logging'
import { codeSender, type CodeSender } from './code-sender.js'
import { SEND_BUDGET_MS } from './retry.js'
import { httpSmsSender, type SmsApiSettings } from './http-sms-sender.js'
import { smtpEmailSender, type SmtpSettings } from './smtp-email-sender.js'

const optionalText = z.string().min(1).optional()

/**
 * The email (SMTP_*) and SMS (SMS_*) providers of a service that sends one-time codes. Each is all
 * or nothing (see `requireMessageSettings`); with neither, production codes answer 501. Secrets
 * are files (mounted from a Secret), read once at start.
 */
export const messageSettingsConfig = z.object({
  SMTP_HOST: optionalText,
  /** Default 465 with implicit TLS, 587 with STARTTLS. */
  SMTP_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** `implicit`: TLS from the first byte; `starttls`: the server must upgrade the connection, or nothing is sent. */
  SMTP_TLS: z.enum(['implicit', 'starttls']).default('starttls'),
  SMTP_USER: optionalText,
  SMTP_PASSWORD_FILE: optionalText,
  /** The From header: an address or `Name <address>`. */
  SMTP_FROM: optionalText,
  /** PEM file of the CA the server's certificate must chain to, when it is not one the system trusts. */
  SMTP_CA_FILE: optionalText,
  /** Twilio-style API root, e.g. https://api.twilio.com/2010-04-01. */
  SMS_API_BASE_URL: z.url().optional(),
  SMS_ACCOUNT_ID: optionalText,
  SMS_AUTH_TOKEN_FILE: optionalText,
  /** The number (E.164) or sender name messages come from. */
  SMS_SENDER: optionalText,
  /** How long one attempt (an SMTP step, an SMS API request) may take. */
  MESSAGE_SEND_TIMEOUT_MS: durationMs.min(1).default(2_500),
  /** Attempts at one message when the provider is unavailable, and the wait before the second (doubling after). */
  MESSAGE_SEND_ATTEMPTS: z.coerce.number().int().min(1).max(5).default(3),
  MESSAGE_RETRY_DELAY_MS: durationMs.default(200),
})

export type MessageSettingsConfig = z.infer<typeof messageSettingsConfig>

const SMTP_SETTINGS = ['SMTP_HOST', 'SMTP_PORT', 'SMTP_USER', 'SMTP_PASSWORD_FILE', 'SMTP_FROM', 'SMTP_CA_FILE']
const SMS_SETTINGS = ['SMS_API_BASE_URL', 'SMS_ACCOUNT_ID', 'SMS_AUTH_TOKEN_FILE', 'SMS_SENDER']

/**
 * Half a provider stops the start, naming what is missing: any SMTP_* setting needs SMTP_HOST and
 * SMTP_FROM, a user its password and a password its user; any SMS_* setting needs all four.
 */
export function requireMessageSettings(config: MessageSettingsConfig, ctx: z.RefinementCtx): void {
  requireTogether(config, SMTP_SETTINGS, ['SMTP_HOST', 'SMTP_FROM'], ctx)
  requireTogether(config, ['SMTP_USER', 'SMTP_PASSWORD_FILE'], ['SMTP_USER', 'SMTP_PASSWORD_FILE'], ctx)
  requireTogether(config, SMS_SETTINGS, SMS_SETTINGS, ctx)
}

/** The SMTP server's settings, or undefined without SMTP_HOST. `readSecret` reads a mounted file. */
export function smtpSettingsOf(config: MessageSettingsConfig, readSecret: (path: string) => string): SmtpSettings | undefined {
  if (!config.SMTP_HOST) return undefined
  return {
    host: config.SMTP_HOST,
    port: config.SMTP_PORT ?? (config.SMTP_TLS === 'implicit' ? 465 : 587),
    tls: config.SMTP_TLS,
    ...(config.SMTP_USER && { auth: { user: config.SMTP_USER, password: readSecret(config.SMTP_PASSWORD_FILE!).trim() } }),
    from: config.SMTP_FROM!,
    ...(config.SMTP_CA_FILE && { ca: readSecret(config.SMTP_CA_FILE) }),
    timeoutMs: config.MESSAGE_SEND_TIMEOUT_MS,
  }
}

/** The SMS API's settings, or undefined without SMS_API_BASE_URL. */
export function smsApiSettingsOf(config: MessageSettingsConfig, readSecret: (path: string) => string): SmsApiSettings | undefined {
  if (!config.SMS_API_BASE_URL) return undefined
  return {
    baseUrl: config.SMS_API_BASE_URL,
    accountId: config.SMS_ACCOUNT_ID!,
    authToken: readSecret(config.SMS_AUTH_TOKEN_FILE!).trim(),
    sender: config.SMS_SENDER!,
    timeoutMs: config.MESSAGE_SEND_TIMEOUT_MS,
  }
}

/** The configured providers as one CodeSender, or undefined when neither is configured. Secrets are read once, here. */
export function codeSenderOf(config: MessageSettingsConfig, readSecret: (path: string) => string, logger: Logger): CodeSender | undefined {
  const smtp = smtpSettingsOf(config, readSecret)
  const sms = smsApiSettingsOf(config, readSecret)
  if (!smtp && !sms) return undefined
  const senders = { email: smtp && smtpEmailSender(smtp), sms: sms && httpSmsSender(sms) }
  return codeSender(senders, { attempts: config.MESSAGE_SEND_ATTEMPTS, firstDelayMs: config.MESSAGE_RETRY_DELAY_MS, budgetMs: SEND_BUDGET_MS }, logger)
}
