/**
 * Why a request is not a genuine, fresh webhook. Each is the sender's or an attacker's doing, so
 * a receiver answers 400 to all of them; anything else thrown (a malformed key, a missing
 * argument) is the receiver's own configuration and deserves a 500.
 */
export type WebhookVerificationErrorCode =
  /** No X-Service-Signature header (or an empty one). */
  | 'SIGNATURE_MISSING'
  /** The header is not one base64 DER ECDSA signature. */
  | 'SIGNATURE_MALFORMED'
  /** No accepted key signed these exact bytes: a forgery, a changed body, or a key not yet fetched. */
  | 'SIGNATURE_INVALID'
  /** Signed, but not the JSON object of a webhook (`id`, `type`, `timestamp`). */
  | 'BODY_MALFORMED'
  /** Signed, but sent further from now than the tolerance allows: a replay or a skewed clock. */
  | 'TIMESTAMP_STALE'

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError'

  constructor(
    readonly code: WebhookVerificationErrorCode,
    message: string,
  ) {
    super(message)
  }
}
