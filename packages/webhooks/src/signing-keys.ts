import type { PublicKeyInput } from './keys.js'

/** A key still accepted during a rotation overlap, until `retiresAt`. */
export interface PreviousSigningKey {
  publicKey: string
  publicKeyPem?: string
  /** ISO time after which webhooks signed with this key are refused. */
  retiresAt: string
}

/** The JSON of `GET /webhooks/signing-key`. */
export interface SigningKeyAnswer {
  environment?: string
  /** `ECDSA_P256_SHA256`, the only algorithm this package verifies. */
  algorithm?: string
  /** Uncompressed SEC1 P-256 point, hex. */
  publicKey: string
  publicKeyPem?: string
  signatureHeader?: string
  signatureEncoding?: string
  previousKeys?: PreviousSigningKey[]
}

const ALGORITHM = 'ECDSA_P256_SHA256'
const ENCODING = 'BASE64_DER'

/**
 * The keys to accept at `now` from a signing-key answer: the current key and every previous key
 * whose `retiresAt` is still ahead. Throws a TypeError for an answer this package cannot use.
 */
export function signingKeys(answer: SigningKeyAnswer, now: Date | number = Date.now()): PublicKeyInput[] {
  if (typeof answer?.publicKey !== 'string') throw new TypeError('A signing-key answer has a publicKey')
  if (answer.algorithm !== undefined && answer.algorithm !== ALGORITHM) {
    throw new TypeError(`Webhooks are signed with ${answer.algorithm}; this package verifies ${ALGORITHM} only`)
  }
  if (answer.signatureEncoding !== undefined && answer.signatureEncoding !== ENCODING) {
    throw new TypeError(`Signatures are encoded as ${answer.signatureEncoding}; this package reads ${ENCODING} only`)
  }
  const at = Number(now)
  const previous = (answer.previousKeys ?? []).filter((key) => Date.parse(key.retiresAt) > at).map((key) => key.publicKeyPem ?? key.publicKey)
  return [answer.publicKeyPem ?? answer.publicKey, ...previous]
}

export interface FetchSigningKeysOptions {
  /** The API's base URL with its version, e.g. `https://api.example.com/2025-10-13`. */
  baseUrl: string
  clientId: string
  clientSecret: string
  /** Abort the request after this long (10 s). */
  timeoutMs?: number
}

/**
 * `GET /webhooks/signing-key` with the environment's API credentials (the key signs that
 * environment's webhooks). Keep the answer and call `signingKeys(answer)` per webhook; fetch
 * again when a webhook fails with SIGNATURE_INVALID, since the key may have rotated.
 */
export async function fetchSigningKeys(options: FetchSigningKeysOptions): Promise<SigningKeyAnswer> {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/webhooks/signing-key`
  const credentials = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')
  const response = await fetch(url, {
    headers: { authorization: `Basic ${credentials}`, accept: 'application/json' },
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 500)}`)
  const answer = JSON.parse(text) as SigningKeyAnswer
  signingKeys(answer) // refuse an unusable answer here rather than on the first webhook
  return answer
}
