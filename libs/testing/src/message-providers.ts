import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLocalCa } from '@pp/identity'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** Real stand-ins on the loopback for the email and SMS providers of production one-time codes. */

/** A file in a fresh directory of its own, as a mounted Secret would hold it. */
const secretFiles = (prefix: string, files: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content, { mode: 0o600 })
  return { path: (name: string) => join(dir, name), remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** Waits for a value some callback will hand over; resolved at once when it is already there. */
class Inbox<T> {
  private readonly items: T[] = []
  private readonly waiting: { match: (item: T) => boolean; resolve: (item: T) => void }[] = []

  push(item: T): void {
    this.items.push(item)
    for (const waiter of this.waiting.filter((w) => w.match(item))) {
      this.waiting.splice(this.waiting.indexOf(waiter), 1)
      waiter.resolve(item)
    }
  }

  all(): readonly T[] {
    return this.items
  }

  next(match: (item: T) => boolean, timeoutMs = 30_000): Promise<T> {
    const found = this.items.find(match)
    if (found) return Promise.resolve(found)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('nothing arrived in time')), timeoutMs)
      this.waiting.push({ match, resolve: (item) => (clearTimeout(timer), resolve(item)) })
    })
  }
}

export interface TestSmtpServer {
  /** The settings a service sends through this server with (SMTP_*), files included. */
  env: Record<string, string>
  /** Every message the server took, parsed. */
  received(): readonly ParsedMail[]
  /** The first message to `to` (already taken or still to come). */
  mailTo(to: string): Promise<ParsedMail>
  /** The next `count` messages are refused with SMTP reply `responseCode` (451: try later; 550: refused). */
  refuseNext(count: number, responseCode: number): void
  close(): Promise<void>
}

const TEST_SMTP_USER = 'mailer'
const TEST_SMTP_FROM = 'Payments <no-reply@payments.test>'

/**
 * An SMTP server on the loopback with a certificate of a CA made on the spot (its file is
 * SMTP_CA_FILE), that takes mail only over TLS (implicit, or after STARTTLS) and only after AUTH
 * with the user and password of its `env`.
 */
export async function startTestSmtpServer(tls: 'implicit' | 'starttls'): Promise<TestSmtpServer> {
  const ca = await createLocalCa(1)
  const certificate = await ca.sign('smtp')
  const password = `pw-${Math.random().toString(36).slice(2)}`
  const files = secretFiles('smtp-', { 'ca.pem': ca.cert, password: `${password}\n` })
  const inbox = new Inbox<ParsedMail>()
  const refusals: number[] = []
  const server = new SMTPServer({
    secure: tls === 'implicit',
    key: certificate.key,
    cert: certificate.cert,
    authMethods: ['PLAIN', 'LOGIN'],
    // AUTH and mail only once the connection is TLS
    allowInsecureAuth: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === TEST_SMTP_USER && auth.password === password) return callback(null, { user: auth.username })
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }))
    },
    onMailFrom(_address, session, callback) {
      callback(session.secure && session.user ? null : Object.assign(new Error('TLS and AUTH first'), { responseCode: 530 }))
    },
    onData(stream, _session, callback) {
      const refusal = refusals.shift()
      simpleParser(stream).then(
        (mail) => {
          if (refusal) return callback(Object.assign(new Error('Refused by the test'), { responseCode: refusal }))
          inbox.push(mail)
          callback()
        },
        (err: Error) => callback(err),
      )
    },
  })
  // a client that refuses the certificate drops the connection mid-handshake: the server reports it, nothing failed here
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      SMTP_TLS: tls,
      SMTP_USER: TEST_SMTP_USER,
      SMTP_PASSWORD_FILE: files.path('password'),
      SMTP_FROM: TEST_SMTP_FROM,
      SMTP_CA_FILE: files.path('ca.pem'),
    },
    received: () => inbox.all(),
    mailTo: (to) => inbox.next((mail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).some((a) => a?.value.some((v) => v.address === to))),
    refuseNext(count, responseCode) {
      refusals.push(...Array.from({ length: count }, () => responseCode))
    },
    async close() {
      await new Promise<void>((resolve) => server.close(resolve))
      files.remove()
    },
  }
}

/** One request the SMS API stand-in received. */
export interface SmsApiRequest {
  method: string
  path: string
  authorization: string
  contentType: string
  form: Record<string, string>
}

export interface TestSmsApi {
  /** The settings a service sends through this API with (SMS_*), the token's file included. */
  env: Record<string, string>
  accountId: string
  authToken: string
  requests(): readonly SmsApiRequest[]
  /** The first request sending to `to` that was answered 2xx. */
  messageTo(to: string): Promise<SmsApiRequest>
  /** The statuses the next requests are answered with, in order; after them 201. */
  answerNext(...statuses: number[]): void
  close(): Promise<void>
}

const bodyOf = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** An HTTP server on the loopback answering as a Twilio-style SMS API, recording every request. */
export async function startTestSmsApi(): Promise<TestSmsApi> {
  const accountId = `AC${Math.random().toString(16).slice(2).padEnd(32, '0').slice(0, 32)}`
  const authToken = `token-${Math.random().toString(36).slice(2)}`
  const files = secretFiles('sms-', { token: `${authToken}\n` })
  const requests: SmsApiRequest[] = []
  const delivered = new Inbox<SmsApiRequest>()
  const answers: number[] = []
  const server: Server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      const received: SmsApiRequest = {
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization ?? '',
        contentType: request.headers['content-type'] ?? '',
        form: Object.fromEntries(new URLSearchParams(body)),
      }
      requests.push(received)
      const status = answers.shift() ?? 201
      if (status < 300) delivered.push(received)
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(status < 300 ? { sid: `SM${requests.length}`, status: 'queued' } : { code: 20_000 + status, status }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    env: {
      SMS_API_BASE_URL: `http://127.0.0.1:${port}/2010-04-01`,
      SMS_ACCOUNT_ID: accountId,
      SMS_AUTH_TOKEN_FILE: files.path('token'),
      SMS_SENDER: '+15005550006',
    },
    accountId,
    authToken,
    requests: () => requests,
    messageTo: (to) => delivered.next((r) => r.form.To === to),
    answerNext(...statuses) {
      answers.push(...statuses)
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      files.remove()
    },
  }
}

/** Both stand-ins, and the settings that send through them, with retries that wait little. */
export interface TestMessageProviders {
  smtp: TestSmtpServer
  sms: TestSmsApi
  /** SMTP_*, SMS_* and the retry settings, for a service's config. */
  env: Record<string, string>
  close(): Promise<void>
}

export async function startTestMessageProviders(tls: 'implicit' | 'starttls'): Promise<TestMessageProviders> {
  const [smtp, sms] = await Promise.all([startTestSmtpServer(tls), startTestSmsApi()])
  return {
    smtp,
    sms,
    // short waits between attempts, long ones for an answer on a loaded machine
    env: { ...smtp.env, ...sms.env, MESSAGE_RETRY_DELAY_MS: '20', MESSAGE_SEND_TIMEOUT_MS: '8000' },
    close: async () => {
      await Promise.all([smtp.close(), sms.close()])
    },
  }
}

/** The six-digit code a message carries. */
export function codeIn(text: string | undefined): string {
  const code = /\b(\d{6})\b/.exec(text ?? '')?.[1]
  if (!code) throw new Error('no code in the message')
  return code
}
