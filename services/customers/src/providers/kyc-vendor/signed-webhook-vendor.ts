import { createHmac, timingSafeEqual } from 'node:crypto'
import { ApiError, invalidInput } from '@pp/errors'
import type { KycVendor, VendorDecision, VendorDelivery } from '../../domain/deps.js'

/** The delivery's time, in Unix seconds, and its signature: hex HMAC-SHA256 of `<timestamp>.<raw body>`. */
export const TIMESTAMP_HEADER = 'x-kyc-timestamp'
export const SIGNATURE_HEADER = 'x-kyc-signature'

export interface SignedWebhookSettings {
  name: string
  secret: string
  toleranceMs: number
}

/**
 * What the vendor sends with a delivery: the signature binds the timestamp to the body, so a
 * captured delivery cannot be replayed later with a fresh timestamp.
 */
export const signVendorDelivery = (secret: string, timestamp: string, body: Uint8Array): string =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')

const refused = (reason: string): ApiError => new ApiError('INVALID_SIGNATURE', reason)

function checkSignature({ headers, body }: VendorDelivery, secret: string): string {
  const timestamp = headers[TIMESTAMP_HEADER]
  const signature = headers[SIGNATURE_HEADER]?.replace(/^sha256=/, '')
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signature || !/^[0-9a-f]{64}$/i.test(signature)) {
    throw refused(`A delivery needs ${TIMESTAMP_HEADER} (Unix seconds) and ${SIGNATURE_HEADER} (hex HMAC-SHA256)`)
  }
  const expected = Buffer.from(signVendorDelivery(secret, timestamp, body), 'hex')
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw refused('The signature does not match the body')
  return timestamp
}

const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 200

/** The body: `{"id": event id, "verificationId", "decision": "APPROVED" | "REJECTED", "reason"?: a rejection reason}`. */
function decisionOf(body: Uint8Array): VendorDecision {
  let parsed: Record<string, unknown>
  try {
    parsed = JSON.parse(Buffer.from(body).toString('utf8')) as Record<string, unknown>
  } catch {
    throw invalidInput([{ field: 'body', message: 'not JSON' }])
  }
  const { id, verificationId, decision, reason } = parsed ?? {}
  const missing = Object.entries({ id, verificationId, decision }).filter(([, value]) => !text(value))
  if (missing.length > 0 || (reason !== undefined && !text(reason))) {
    throw invalidInput([...missing.map(([field]) => ({ field, message: 'required, a string' })), ...(reason !== undefined && !text(reason) ? [{ field: 'reason', message: 'a string' }] : [])])
  }
  return { eventId: id as string, verificationId: verificationId as string, decision: decision as string, ...(reason !== undefined && { reason: reason as string }) }
}

/**
 * A vendor that signs its decision webhooks with a shared secret, in the shape most hosted KYC
 * vendors use (an HMAC of the raw body, a timestamp header): the pattern for adding one
 * (docs/production.md, "Identity verification (KYC/KYB)"). A vendor whose body differs gets its
 * own adapter beside this one, mapping its payload to a VendorDecision.
 */
export function signedWebhookVendor({ name, secret, toleranceMs }: SignedWebhookSettings): KycVendor {
  return {
    name,
    readDecision(delivery, now) {
      const timestamp = checkSignature(delivery, secret)
      if (Math.abs(now.getTime() - Number(timestamp) * 1000) > toleranceMs) {
        throw refused(`The delivery's timestamp is more than ${toleranceMs / 1000} s from now: refused as a replay`)
      }
      return decisionOf(delivery.body)
    },
  }
}
