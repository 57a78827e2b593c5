import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { keyEncryption, openPrivateKey, sealPrivateKey } from './key-encryption.js'
import { sealedBeforeKeyIds } from '../../../test/support/sealed-before-key-ids.js'
import { generateKeyPair } from './key-pair.js'

const { privateKey, publicKey } = generateKeyPair()
const publicKeyHex = Buffer.from(publicKey).toString('hex')
const opened = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

describe('a signing key sealed with WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY', () => {
  it('opens for its own row only', () => {
    const encryption = keyEncryption(randomBytes(32), [])
    const sealed = sealPrivateKey(encryption, publicKeyHex, privateKey)
    expect(sealed.sealingKeyId).toBe(encryption.keyring.currentKeyId)
    expect(opened(openPrivateKey(encryption, { publicKeyHex, environment: 'SANDBOX', ...sealed }))).toBe(opened(privateKey))
    const otherRow = Buffer.from(generateKeyPair().publicKey).toString('hex')
    expect(() => openPrivateKey(encryption, { publicKeyHex: otherRow, environment: 'SANDBOX', ...sealed })).toThrow()
  })

  it('opens after a rotation of the encryption key while the replaced key is configured as previous', () => {
    const [before, after] = [randomBytes(32), randomBytes(32)]
    const sealed = sealPrivateKey(keyEncryption(before, []), publicKeyHex, privateKey)
    expect(opened(openPrivateKey(keyEncryption(after, [before]), { publicKeyHex, environment: 'SANDBOX', ...sealed }))).toBe(opened(privateKey))
    expect(() => openPrivateKey(keyEncryption(after, []), { publicKeyHex, environment: 'SANDBOX', ...sealed })).toThrow(/no sealing key has the id/)
  })

  it('sealed before key ids opens under whichever configured key sealed it, for its environment only', () => {
    const [before, after] = [randomBytes(32), randomBytes(32)]
    const legacy = { publicKeyHex, environment: 'SANDBOX', privateKey: sealedBeforeKeyIds(privateKey, before, 'SANDBOX'), sealingKeyId: null }
    expect(opened(openPrivateKey(keyEncryption(before, []), legacy))).toBe(opened(privateKey))
    expect(opened(openPrivateKey(keyEncryption(after, [before]), legacy))).toBe(opened(privateKey))
    expect(() => openPrivateKey(keyEncryption(after, []), legacy)).toThrow(/neither WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY nor among its previous keys/)
    expect(() => openPrivateKey(keyEncryption(before, []), { ...legacy, environment: 'PRODUCTION' })).toThrow()
  })
})
