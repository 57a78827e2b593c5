import { verify } from 'node:crypto'
import { WebhookVerificationError } from './errors.js'
import { importPublicKey, type PublicKeyInput } from './keys.js'
import { decodeSignature, signatureHeader, type HeadersInput } from './signature.js'

/** A verified webhook: the parsed body. Payment webhooks carry `transaction` beside `data`. */
export interface Webhook<Data = unknown> {
  /** `Webhook:<uuid>`, the same on every attempt and redelivery of one notification: drop repeats by it. */
  id: string
  type: string
  /** ISO time the attempt was sent, signed with the rest of the body. */
  timestamp: string
  data?: Data
  [field: string]: unknown
}

export interface VerifyWebhookOptions {
  /** The body exactly as received: any re-serialized JSON differs in some byte and fails. */
  rawBody: string | Uint8Array
  /** The X-Service-Signature value; or give `headers` and it is read from them. */
  signature?: string | string[] | undefined
  headers?: HeadersInput
  /** The keys accepted now (see `signingKeys`): the webhook is genuine if any one verifies it. */
  keys: PublicKeyInput | readonly PublicKeyInput[]
  /** When set, a webhook whose `timestamp` is further than this from `now` is refused as stale. */
  toleranceSeconds?: number
  now?: Date | number
}

/**
 * Checks that one of `keys` signed the exact raw body (ECDSA P-256 over its SHA-256, base64 DER
 * in X-Service-Signature) and, when asked, that it was sent recently; then parses it. Throws a
 * `WebhookVerificationError` for a request to refuse with 400, a TypeError for bad options.
 */
export function verifyWebhook<Data = unknown>(options: VerifyWebhookOptions): Webhook<Data> {
  const keys = ([] as PublicKeyInput[]).concat(options.keys).map((key) => importPublicKey(key))
  if (keys.length === 0) throw new TypeError('verifyWebhook needs at least one key')
  const { toleranceSeconds } = options
  if (toleranceSeconds !== undefined && !(toleranceSeconds >= 0)) throw new TypeError('toleranceSeconds must be a number of seconds, 0 or more')
  const body = rawBytes(options.rawBody)
  const signature = decodeSignature(options.signature ?? (options.headers && signatureHeader(options.headers)))
  // the body is parsed only once it is known to be the platform's
  if (!keys.some((key) => verify('sha256', body, { key, dsaEncoding: 'der' }, signature))) {
    throw new WebhookVerificationError('SIGNATURE_INVALID', 'No accepted signing key signed this body')
  }
  const webhook = parseWebhook<Data>(body)
  if (toleranceSeconds !== undefined) assertFresh(webhook, toleranceSeconds, options.now ?? Date.now())
  return webhook
}

function rawBytes(rawBody: string | Uint8Array): Uint8Array {
  if (typeof rawBody === 'string') return Buffer.from(rawBody, 'utf8')
  if (rawBody instanceof Uint8Array) return rawBody
  // the usual mistake: a JSON body parser ran first and the bytes that were signed are gone
  throw new TypeError('rawBody must be the raw request body (string, Buffer or Uint8Array), not a parsed object')
}

function parseWebhook<Data>(body: Uint8Array): Webhook<Data> {
  let webhook: unknown
  try {
    webhook = JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'))
  } catch {
    throw new WebhookVerificationError('BODY_MALFORMED', 'The body is not JSON')
  }
  const { id, type, timestamp } = (webhook ?? {}) as Record<string, unknown>
  if (typeof webhook !== 'object' || Array.isArray(webhook) || typeof id !== 'string' || typeof type !== 'string' ||
    typeof timestamp !== 'string' || Number.isNaN(Date.parse(timestamp))) {
    throw new WebhookVerificationError('BODY_MALFORMED', 'The body is not a webhook: a JSON object with string id, type and ISO timestamp')
  }
  return webhook as Webhook<Data>
}

function assertFresh(webhook: Webhook, toleranceSeconds: number, now: Date | number): void {
  const skewMs = Math.abs(Number(now) - Date.parse(webhook.timestamp))
  if (skewMs > toleranceSeconds * 1000) {
    throw new WebhookVerificationError(
      'TIMESTAMP_STALE',
      `The webhook was sent at ${webhook.timestamp}, ${Math.round(skewMs / 1000)} s from now; at most ${toleranceSeconds} s is accepted`,
    )
  }
}
