import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sealingKeyring } from './sealing-keyring.js'

const keyHex = () => randomBytes(32).toString('hex')
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8')

describe('sealingKeyring', () => {
  it('opens what it sealed for the same row, and nothing moved to another row or field', () => {
    const ring = sealingKeyring(keyHex())
    const sealed = ring.seal(Buffer.from('4000001234567899'), 'Card:1/pan')
    expect(Buffer.from(sealed).includes(Buffer.from('4000001234567899'))).toBe(false)
    expect(text(ring.open(sealed, ring.currentKeyId, 'Card:1/pan'))).toBe('4000001234567899')
    expect(() => ring.open(sealed, ring.currentKeyId, 'Card:2/pan')).toThrow()
    expect(() => ring.open(sealed, ring.currentKeyId, 'Card:1/cvv')).toThrow()
  })

  it('after a rotation opens with the previous key what it sealed, and seals with the new one', () => {
    const [oldKey, newKey] = [keyHex(), keyHex()]
    const before = sealingKeyring(oldKey)
    const sealed = before.seal(Buffer.from('123456789'), 'ExternalAccount:1/accountNumber')
    const after = sealingKeyring(newKey, [oldKey])
    expect(after.currentKeyId).not.toBe(before.currentKeyId)
    expect(text(after.open(sealed, before.currentKeyId, 'ExternalAccount:1/accountNumber'))).toBe('123456789')
    expect(() => sealingKeyring(newKey).open(sealed, before.currentKeyId, 'ExternalAccount:1/accountNumber')).toThrow(/no sealing key has the id/)
  })

  it('gives a key the same id every time, and refuses a key that is not 32 bytes', () => {
    const key = keyHex()
    expect(sealingKeyring(key).currentKeyId).toBe(sealingKeyring(key).currentKeyId)
    expect(sealingKeyring(key).currentKeyId).toMatch(/^[0-9a-f]{16}$/)
    expect(() => sealingKeyring('abcd')).toThrow(/32 bytes/)
  })
})
