import { ApiKeyStamper } from '@turnkey/api-key-stamper'
import { generateP256KeyPair } from '@turnkey/crypto'
import { describe, expect, it } from 'vitest'
import { canonicalPublicKey } from './p256.js'
import { decodeStamp, stampSigns } from './stamp.js'

describe('API-key stamps', () => {
  it('decodes what @turnkey/api-key-stamper produces and checks it against the exact payload', async () => {
    const key = generateP256KeyPair()
    const { stampHeaderValue } = await new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }).stamp('payload')
    const stamp = decodeStamp(stampHeaderValue)!
    expect(canonicalPublicKey(stamp.publicKey)).toBe(canonicalPublicKey(key.publicKeyUncompressed))
    expect(stampSigns(stamp, 'payload')).toBe(true)
    expect(stampSigns(stamp, 'payload ')).toBe(false)
  })

  it('refuses headers that are not stamps', () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    expect(decodeStamp('sandbox-valid-signature')).toBeUndefined()
    expect(decodeStamp(encode({ publicKey: '02ab', scheme: 'SIGNATURE_SCHEME_TK_API_P256', signature: '30' }))).toBeUndefined()
    expect(decodeStamp(encode([1, 2]))).toBeUndefined()
  })
})
