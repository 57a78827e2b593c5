import { createPrivateKey, generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifyWebhook, WebhookVerificationError, type VerifyWebhookOptions, type WebhookVerificationErrorCode } from '../src/index.js'
import { newSigner, webhookBody } from './signer.js'

const signer = newSigner()
const other = newSigner()

const refusal = (options: VerifyWebhookOptions): WebhookVerificationErrorCode | undefined => {
  try {
    verifyWebhook(options)
  } catch (err) {
    if (err instanceof WebhookVerificationError) return err.code
    throw err
  }
  return undefined
}

describe('verifyWebhook', () => {
  const body = webhookBody({ data: { amount: 12_345 } })
  const signature = signer.sign(body)

  it('returns the parsed webhook when the key signed the exact body', () => {
    const webhook = verifyWebhook({ rawBody: body, signature, keys: signer.hex })
    expect(webhook).toEqual(JSON.parse(body))
    expect(webhook.id).toMatch(/^Webhook:/)
  })

  it('takes the raw body as a string, a Buffer or a Uint8Array view into a larger buffer', () => {
    const bytes = Buffer.from(`xx${body}yy`)
    const view = new Uint8Array(bytes.buffer, bytes.byteOffset + 2, bytes.length - 4)
    for (const rawBody of [body, Buffer.from(body), view]) {
      expect(verifyWebhook({ rawBody, signature, keys: signer.hex }).data).toEqual({ amount: 12_345 })
    }
  })

  it('takes the key as uncompressed or compressed SEC1 hex, PEM or a KeyObject', () => {
    const formats = [signer.hex, signer.hex.toUpperCase(), signer.compressedHex, signer.pem, `\n${signer.pem}\n`, signer.keyObject]
    for (const keys of formats) expect(verifyWebhook({ rawBody: body, signature, keys }).type).toBe('TEST')
  })

  it('reads X-Service-Signature from Node headers, fetch Headers and plain objects in any case', () => {
    const headerSets = [
      { 'x-service-signature': signature, 'content-type': 'application/json' },
      { 'x-service-signature': [signature] },
      new Headers({ 'X-Service-Signature': signature }),
      { 'X-Service-Signature': signature },
      { 'X-SERVICE-SIGNATURE': signature },
    ]
    for (const headers of headerSets) expect(verifyWebhook({ rawBody: body, headers, keys: signer.pem }).type).toBe('TEST')
  })

  it('accepts a webhook that any one of several keys signed', () => {
    expect(verifyWebhook({ rawBody: body, signature, keys: [other.hex, signer.hex] }).type).toBe('TEST')
  })

  it('refuses forgeries: another key, a changed body, a changed signature', () => {
    const tamperedSignature = Buffer.from(signature, 'base64')
    tamperedSignature[10]! ^= 0x01
    const cases: VerifyWebhookOptions[] = [
      { rawBody: body, signature: other.sign(body), keys: signer.hex },
      { rawBody: body.replace('12345', '99999'), signature, keys: signer.hex },
      // the same JSON re-serialized with other spacing is other bytes
      { rawBody: JSON.stringify(JSON.parse(body), null, 1), signature, keys: signer.hex },
      { rawBody: body, signature: tamperedSignature.toString('base64'), keys: signer.hex },
      { rawBody: body, signature: signer.sign(webhookBody()), keys: signer.hex },
      { rawBody: body, signature, keys: [other.hex, other.pem] },
    ]
    for (const options of cases) expect(refusal(options)).toBe('SIGNATURE_INVALID')
  })

  it('tells a missing signature from a malformed one', () => {
    expect(refusal({ rawBody: body, keys: signer.hex })).toBe('SIGNATURE_MISSING')
    expect(refusal({ rawBody: body, headers: {}, keys: signer.hex })).toBe('SIGNATURE_MISSING')
    expect(refusal({ rawBody: body, signature: '  ', keys: signer.hex })).toBe('SIGNATURE_MISSING')
    const malformed = ['not base64 at all!', Buffer.from('a signature, but not DER').toString('base64'), `${signature}AAAA`, [signature, signature]]
    for (const value of malformed) expect(refusal({ rawBody: body, signature: value, keys: signer.hex })).toBe('SIGNATURE_MALFORMED')
    // a header sent twice, as fetch joins it
    const twice = new Headers([['x-service-signature', signature], ['x-service-signature', signature]])
    expect(refusal({ rawBody: body, headers: twice, keys: signer.hex })).toBe('SIGNATURE_MALFORMED')
  })

  it('refuses a signed body that is not a webhook', () => {
    for (const text of ['not json', '[1,2]', 'null', JSON.stringify({ id: 'Webhook:1', type: 'TEST' }), JSON.stringify({ id: 1, type: 'TEST', timestamp: new Date() })]) {
      expect(refusal({ rawBody: text, signature: signer.sign(text), keys: signer.hex })).toBe('BODY_MALFORMED')
    }
  })

  describe('freshness', () => {
    const now = new Date('2026-11-27T12:00:00.000Z')
    const sentAt = (offsetSeconds: number) => {
      const text = webhookBody({ timestamp: new Date(now.getTime() + offsetSeconds * 1000) })
      return { rawBody: text, signature: signer.sign(text), keys: signer.hex, now }
    }

    it('accepts a webhook sent within the tolerance, either side of now', () => {
      for (const offset of [-299, 0, 299]) expect(refusal({ ...sentAt(offset), toleranceSeconds: 300 })).toBeUndefined()
      expect(refusal({ ...sentAt(-299), toleranceSeconds: 300, now: now.getTime() })).toBeUndefined()
    })

    it('refuses one sent outside it as stale', () => {
      for (const offset of [-301, 301, -86_400]) expect(refusal({ ...sentAt(offset), toleranceSeconds: 300 })).toBe('TIMESTAMP_STALE')
    })

    it('checks no time unless asked', () => {
      expect(refusal(sentAt(-86_400))).toBeUndefined()
    })

    it('checks the signature before the time, so a forgery is never reported as merely stale', () => {
      expect(refusal({ ...sentAt(-86_400), keys: other.hex, toleranceSeconds: 300 })).toBe('SIGNATURE_INVALID')
    })
  })

  it('throws a TypeError, not a refusal, for the receiver’s own mistakes', () => {
    const wrongCurve = generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).publicKey
    const privateKey = createPrivateKey(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }))
    const badKeys = [[], 'abcd', `00${signer.hex.slice(2)}`, signer.hex.slice(0, -2) + 'zz', '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----', wrongCurve, privateKey]
    for (const keys of badKeys) expect(() => verifyWebhook({ rawBody: body, signature, keys })).toThrow(TypeError)
    // a JSON body parser ran first: the signed bytes are gone
    expect(() => verifyWebhook({ rawBody: JSON.parse(body), signature, keys: signer.hex })).toThrow(/raw request body/)
    // even on a request that would be refused anyway
    expect(() => verifyWebhook({ rawBody: body, signature: other.sign(body), keys: signer.hex, toleranceSeconds: -1 })).toThrow(TypeError)
  })
})
