import type { Hono } from 'hono'
import { callUnary } from '@pp/grpc'
import type { KycVendorServiceClient } from '@pp/proto/customers/v1/verification_reviews'
import type { GatewayEnv } from '../context.js'

/** Outside the versioned API: the vendor, not a platform, calls it (docs/production.md, "Identity verification (KYC/KYB)"). */
export const KYC_VENDOR_DECISIONS_PATH = '/kyc-vendor/:vendor/decisions'

/**
 * A hosted KYC vendor's decision webhook on the public edge, without platform credentials: its
 * HMAC signature over the raw body is the credential, and the customers service checks it, so the
 * body's bytes and the headers pass on untouched (parsing and re-serializing would break the
 * signature). A refusal answers as the API's errors do (401 INVALID_SIGNATURE, 501 for a vendor
 * not configured); a redelivery is acknowledged 200 like the first delivery.
 */
export function registerKycVendorWebhook(app: Hono<GatewayEnv>, kycVendor: KycVendorServiceClient): void {
  app.post(KYC_VENDOR_DECISIONS_PATH, async (c) => {
    const body = Buffer.from(await c.req.arrayBuffer())
    // every header, by its lower-case name
    const headers = c.req.header()
    const request = { vendor: c.req.param('vendor'), headers, body }
    const { applied, verificationId, status } = await callUnary(kycVendor, kycVendor.receiveKycVendorDecision, request, { requestId: c.get('requestId') })
    return c.json({ received: true, applied, verificationId, status }, 200)
  })
}
