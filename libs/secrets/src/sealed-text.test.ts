import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { currentSealPrefix, isSealedText, openText, resealText, sealText } from './sealed-text.js'
import { sealingKeyring } from './sealing-keyring.js'

const keyHex = () => randomBytes(32).toString('hex')

describe('sealed text', () => {
  it('names the key that sealed it and opens only for what it is bound to', () => {
    const keyring = sealingKeyring(keyHex())
    const stored = sealText(keyring, 'ExternalAccount:1/iban', 'DE89370400440532013000')
    expect(stored.startsWith(currentSealPrefix(keyring))).toBe(true)
    expect(isSealedText(stored)).toBe(true)
    expect(stored).not.toContain('0532013000')
    expect(openText(keyring, 'ExternalAccount:1/iban', stored)).toBe('DE89370400440532013000')
    expect(() => openText(keyring, 'ExternalAccount:2/iban', stored)).toThrow()
    expect(() => openText(keyring, 'ExternalAccount:1/iban', 'DE89370400440532013000')).toThrow(/ExternalAccount:1\/iban is not sealed/)
  })

  it('is sealed again under the current key from the clear or from a previous key', () => {
    const [oldKey, newKey] = [keyHex(), keyHex()]
    const rotated = sealingKeyring(newKey, [oldKey])
    const underOld = sealText(sealingKeyring(oldKey), 'Row:1/field', 'secret')
    for (const stored of [underOld, 'secret']) {
      const again = resealText(rotated, 'Row:1/field', stored)
      expect(again.startsWith(currentSealPrefix(rotated))).toBe(true)
      expect(openText(sealingKeyring(newKey), 'Row:1/field', again)).toBe('secret')
    }
  })
})
