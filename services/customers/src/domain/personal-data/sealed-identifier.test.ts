import { randomBytes } from 'node:crypto'
import { isSealedText, sealingKeyring } from '@pp/secrets'
import { describe, expect, it } from 'vitest'
import { openIdentifier, sealIdentifier, withSealedIdentifier } from './sealed-identifier.js'

const keyHex = () => randomBytes(32).toString('hex')

describe('sealed identifiers', () => {
  it('hold no digit of the number, and open for their own row only', () => {
    const keyring = sealingKeyring(keyHex())
    const stored = sealIdentifier(keyring, 'Customer:1', '123-45-6789')
    expect(isSealedText(stored)).toBe(true)
    expect(stored).not.toContain('6789')
    expect(openIdentifier(keyring, 'Customer:1', stored)).toBe('123-45-6789')
    expect(() => openIdentifier(keyring, 'Customer:2', stored)).toThrow()
    expect(() => openIdentifier(keyring, 'Customer:1', '123-45-6789')).toThrow(/not sealed/)
  })

  it('seal what a request carries and leave a request without one as it is', () => {
    const keyring = sealingKeyring(keyHex())
    const profile = withSealedIdentifier(keyring, 'Customer:1', { fullName: 'Jane', identifier: '123-45-6789' })
    expect(profile.fullName).toBe('Jane')
    expect(openIdentifier(keyring, 'Customer:1', profile.identifier)).toBe('123-45-6789')
    const unchanged: { fullName: string; identifier?: string } = { fullName: 'Jane' }
    expect(withSealedIdentifier(keyring, 'Customer:1', unchanged)).toBe(unchanged)
  })
})
