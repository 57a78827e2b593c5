import { createPublicKey, verify } from 'node:crypto'
import { p256 } from '@noble/curves/nist.js'
import { describe, expect, it } from 'vitest'
import { generateKeyPair, publicKeyPem, signBody } from './key-pair.js'

describe('signBody', () => {
  const { privateKey, publicKey } = generateKeyPair()
  const body = '{"id":"Webhook:1","type":"TEST","timestamp":"2025-10-14T10:00:00.000Z","data":{}}'

  it('is base64 DER ECDSA P-256 over SHA-256 of the exact body, as noble and OpenSSL verify it', () => {
    const signature = Buffer.from(signBody(privateKey, body), 'base64')
    expect(signature[0]).toBe(0x30)
    expect(p256.verify(signature, Buffer.from(body), publicKey, { format: 'der' })).toBe(true)
    expect(verify('sha256', Buffer.from(body), createPublicKey(publicKeyPem(publicKey)), signature)).toBe(true)
    expect(verify('sha256', Buffer.from(`${body} `), createPublicKey(publicKeyPem(publicKey)), signature)).toBe(false)
  })

  it('is always in low-S form, which strict verifiers require (OpenSSL makes either form half the time)', () => {
    for (let i = 0; i < 64; i += 1) {
      const signature = Buffer.from(signBody(privateKey, `${body}${i}`), 'base64')
      expect(p256.verify(signature, Buffer.from(`${body}${i}`), publicKey, { format: 'der' })).toBe(true)
      expect(verify('sha256', Buffer.from(`${body}${i}`), createPublicKey(publicKeyPem(publicKey)), signature)).toBe(true)
    }
  })
})
