import { createTransport } from 'nodemailer'
import { DeliveryFailure, type EmailMessage, type EmailSender } from './senders.js'

/**
 * How mail reaches the SMTP server: implicit TLS (the connection is TLS from the start, usually
 * port 465) or STARTTLS (a plain connection upgraded before anything else, usually 587), never
 * plain text; the server's certificate is verified, against `ca` when given (a private CA).
 */
export interface SmtpSettings {
  host: string
  port: number
  tls: 'implicit' | 'starttls'
  /** The login, when the server asks for one. */
  auth?: { user: string; password: string }
  /** The From header: an address, or `Name <address>`. */
  from: string
  /** PEM certificates the server's certificate must chain to, in place of the system's. */
  ca?: string
  /** How long connecting, the greeting and each command may take. */
  timeoutMs: number
}

/** Failures of the deployment's settings rather than of the moment: another attempt gets them again. */
const SETTINGS_FAILURES = new Set(['EAUTH', 'ENOAUTH', 'ETLS', 'EREQUIRETLS', 'ECONFIG'])

/** Node's codes for a certificate it does not trust (UNABLE_TO_VERIFY_LEAF_SIGNATURE, CERT_HAS_EXPIRED, ERR_TLS_CERT_ALTNAME_INVALID...). */
const UNTRUSTED_CERTIFICATE = /CERT|SELF_SIGNED|UNABLE_TO_(VERIFY|GET_ISSUER)/

interface SmtpError extends Error {
  code?: string
  /** The socket's own code under nodemailer's ESOCKET. */
  originalCode?: string
  responseCode?: number
  permanent?: boolean
}

/**
 * A failure as the caller retries it: a reply the server means for good (5xx but 503), a settings
 * failure or a certificate not trusted is permanent; a temporary reply (4xx) or a lost or slow
 * connection is retried. Only the reply code and the error codes are kept: the server's text may
 * quote the message.
 */
function failureOf(err: SmtpError): DeliveryFailure {
  const permanent = err.permanent ?? (SETTINGS_FAILURES.has(err.code ?? '') || UNTRUSTED_CERTIFICATE.test(err.originalCode ?? ''))
  const answer = err.responseCode ? `replied ${err.responseCode}` : `failed (${[err.code ?? err.name, err.originalCode].filter(Boolean).join(' ')})`
  return new DeliveryFailure(`the SMTP server ${answer}`, !permanent)
}

/** Email over SMTP with nodemailer, a connection per message; nodemailer's own logging stays off, so no message or code reaches a log. */
export function smtpEmailSender(settings: SmtpSettings): EmailSender {
  const transport = createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.tls === 'implicit',
    requireTLS: settings.tls === 'starttls',
    ...(settings.auth && { auth: { user: settings.auth.user, pass: settings.auth.password } }),
    tls: { minVersion: 'TLSv1.2', rejectUnauthorized: true, ...(settings.ca && { ca: settings.ca }) },
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
    logger: false,
    debug: false,
  })
  return {
    async send(message: EmailMessage): Promise<void> {
      try {
        await transport.sendMail({ from: settings.from, to: message.to, subject: message.subject, text: message.text, html: message.html })
      } catch (err) {
        throw failureOf(err as SmtpError)
      }
    },
    close: () => transport.close(),
  }
}
