import { WebhookVerificationError } from './errors.js'

export const SIGNATURE_HEADER = 'X-Service-Signature'

/**
 * Request headers as the common servers hand them over: Node's `IncomingHttpHeaders` (lower-case
 * names, repeated headers as arrays), a fetch `Headers`, or any plain object (names matched
 * without regard to case).
 */
export type HeadersInput = { get(name: string): string | null } | Record<string, string | string[] | undefined>

// an ECDSA P-256 DER signature is at most 72 bytes: 96 base64 characters
const BASE64 = /^[A-Za-z0-9+/]{8,96}={0,2}$/

/** The X-Service-Signature value from the headers, `undefined` when absent. */
export function signatureHeader(headers: HeadersInput): string | string[] | undefined {
  if (typeof headers.get === 'function') return (headers as { get(name: string): string | null }).get(SIGNATURE_HEADER) ?? undefined
  const record = headers as Record<string, string | string[] | undefined>
  const wanted = SIGNATURE_HEADER.toLowerCase()
  if (wanted in record) return record[wanted]
  const name = Object.keys(record).find((key) => key.toLowerCase() === wanted)
  return name === undefined ? undefined : record[name]
}

/** The DER bytes of the signature, or the reason there are none. */
export function decodeSignature(value: string | string[] | undefined): Buffer {
  // a header sent twice reaches Node as an array and fetch as "a, b": neither is one signature
  if (Array.isArray(value) && value.length > 1) throw malformed('the header was sent more than once')
  const text = (Array.isArray(value) ? value[0] : value)?.trim()
  if (!text) throw new WebhookVerificationError('SIGNATURE_MISSING', `The ${SIGNATURE_HEADER} header is missing`)
  if (!BASE64.test(text) || text.length % 4 !== 0) throw malformed('it is not the base64 of a signature')
  const der = Buffer.from(text, 'base64')
  // SEQUENCE of the exact remaining length; the integers inside are OpenSSL's to check
  if (der[0] !== 0x30 || der[1] !== der.length - 2) throw malformed('it is not a DER ECDSA signature')
  return der
}

const malformed = (why: string) =>
  new WebhookVerificationError('SIGNATURE_MALFORMED', `The ${SIGNATURE_HEADER} header is not a base64 DER ECDSA signature: ${why}`)
