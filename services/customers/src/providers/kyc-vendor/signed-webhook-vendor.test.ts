import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signedWebhookVendor } from './signed-webhook-vendor.js'

const SECRET = 'the-vendors-shared-secret'
const vendor = signedWebhookVendor({ name: 'acme-kyc', secret: SECRET, toleranceMs: 300_000 })
const NOW = new Date('2026-11-29T12:00:00Z')
const seconds = (date: Date) => String(Math.floor(date.getTime() / 1000))

/** A delivery signed as the vendor's documentation says: hex HMAC-SHA256 of `<timestamp>.<body>`. */
function delivery(body: string, at = NOW, prefix = 'sha256=') {
  const timestamp = seconds(at)
  const signature = createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex')
  return { headers: { 'x-kyc-timestamp': timestamp, 'x-kyc-signature': `${prefix}${signature}` }, body: Buffer.from(body) }
}

const decision = JSON.stringify({ id: 'evt-1', verificationId: 'Verification:1', decision: 'REJECTED', reason: 'APPLICANT_FRAUD' })

describe('the signed webhook vendor', () => {
  it('reads the decision of a delivery signed with the secret, with or without the sha256= prefix', () => {
    const read = { eventId: 'evt-1', verificationId: 'Verification:1', decision: 'REJECTED', reason: 'APPLICANT_FRAUD' }
    expect(vendor.readDecision(delivery(decision), NOW)).toEqual(read)
    expect(vendor.readDecision(delivery(decision, NOW, ''), NOW)).toEqual(read)
  })

  it('takes a timestamp within the tolerance either way, and refuses one beyond it', () => {
    expect(() => vendor.readDecision(delivery(decision, new Date(NOW.getTime() - 299_000)), NOW)).not.toThrow()
    expect(() => vendor.readDecision(delivery(decision, new Date(NOW.getTime() + 299_000)), NOW)).not.toThrow()
    for (const offset of [-301_000, 301_000]) {
      expect(() => vendor.readDecision(delivery(decision, new Date(NOW.getTime() + offset)), NOW)).toThrowError(expect.objectContaining({ code: 'INVALID_SIGNATURE', message: expect.stringMatching(/replay/) }))
    }
  })

  it('refuses a timestamp changed after signing, and malformed headers', () => {
    const signed = delivery(decision)
    const moved = { ...signed, headers: { ...signed.headers, 'x-kyc-timestamp': String(Number(seconds(NOW)) + 1) } }
    expect(() => vendor.readDecision(moved, NOW)).toThrowError(expect.objectContaining({ code: 'INVALID_SIGNATURE' }))
    expect(() => vendor.readDecision({ ...signed, headers: { 'x-kyc-timestamp': 'soon', 'x-kyc-signature': 'zz' } }, NOW)).toThrowError(expect.objectContaining({ code: 'INVALID_SIGNATURE' }))
  })

  it('refuses a signed body it cannot read, naming the fields', () => {
    expect(() => vendor.readDecision(delivery('not json'), NOW)).toThrowError(expect.objectContaining({ code: 'INVALID_INPUT' }))
    const missing = (() => {
      try {
        vendor.readDecision(delivery(JSON.stringify({ decision: 'APPROVED' })), NOW)
      } catch (err) {
        return err as { details: { errors: Array<{ field: string }> } }
      }
    })()
    expect(missing?.details.errors.map((e) => e.field)).toEqual(['id', 'verificationId'])
  })
})
