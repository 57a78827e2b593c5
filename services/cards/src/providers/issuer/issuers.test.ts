import { describe, expect, it } from 'vitest'
import { unconfiguredIssuer } from './production-issuer.js'
import { luhnCheckDigit, sandboxIssuer } from './sandbox-issuer.js'

const issuer = sandboxIssuer('11'.repeat(32))

describe('card issuers', () => {
  it('the sandbox issues a Luhn-valid test number that expires in three years', () => {
    const card = issuer.issue('Card:0195-abcdef01', new Date('2026-11-27T10:00:00Z'))
    expect(card.pan).toMatch(/^400000\d{10}$/)
    expect(luhnCheckDigit(card.pan.slice(0, -1))).toBe(card.pan.at(-1))
    expect(card).not.toHaveProperty('cvv')
    expect({ expMonth: card.expMonth, expYear: card.expYear }).toEqual({ expMonth: 11, expYear: 2029 })
  })

  it('the sandbox derives the same security code at every reveal, one that depends on the number, the expiry and its key', () => {
    const card = { pan: '4000001234567899', expMonth: 11, expYear: 2029 }
    expect(issuer.securityCode(card)).toMatch(/^\d{3}$/)
    expect(issuer.securityCode({ ...card })).toBe(issuer.securityCode(card))
    const codes = new Set([
      issuer.securityCode(card),
      ...['4000001234567881', '4000001234567873', '4000001234567865'].map((pan) => issuer.securityCode({ ...card, pan })),
      ...[2030, 2031, 2032].map((expYear) => issuer.securityCode({ ...card, expYear })),
      ...['22', '33', '44'].map((byte) => sandboxIssuer(byte.repeat(32)).securityCode(card)),
    ])
    // ten codes from a thousand: all alike only if the inputs were ignored
    expect(codes.size).toBeGreaterThan(5)
  })

  it('an unconfigured production issuer refuses with 501 NOT_IMPLEMENTED, never a card or a code', () => {
    expect(() => unconfiguredIssuer.issue('Card:1', new Date())).toThrow(expect.objectContaining({ code: 'NOT_IMPLEMENTED' }))
    expect(() => unconfiguredIssuer.securityCode({ pan: '4000001234567899', expMonth: 1, expYear: 2030 })).toThrow(expect.objectContaining({ code: 'NOT_IMPLEMENTED' }))
    expect(unconfiguredIssuer.simulatesNetwork).toBe(false)
  })

  it('computes Luhn check digits', () => {
    expect(luhnCheckDigit('424242424242424')).toBe('2')
    expect(luhnCheckDigit('7992739871')).toBe('3')
  })
})
