import { describe, expect, it } from 'vitest'
import { unconfiguredIssuer } from './production-issuer.js'
import { luhnCheckDigit, sandboxIssuer } from './sandbox-issuer.js'

describe('card issuers', () => {
  it('the sandbox issues a Luhn-valid test number that expires in three years', () => {
    const card = sandboxIssuer.issue('Card:0195-abcdef01', new Date('2026-11-27T10:00:00Z'))
    expect(card.pan).toMatch(/^400000\d{10}$/)
    expect(luhnCheckDigit(card.pan.slice(0, -1))).toBe(card.pan.at(-1))
    expect(card.cvv).toMatch(/^\d{3}$/)
    expect({ expMonth: card.expMonth, expYear: card.expYear }).toEqual({ expMonth: 11, expYear: 2029 })
  })

  it('an unconfigured production issuer refuses with 501 NOT_IMPLEMENTED, never a card', () => {
    expect(() => unconfiguredIssuer.issue('Card:1', new Date())).toThrow(expect.objectContaining({ code: 'NOT_IMPLEMENTED' }))
    expect(unconfiguredIssuer.simulatesNetwork).toBe(false)
  })

  it('computes Luhn check digits', () => {
    expect(luhnCheckDigit('424242424242424')).toBe('2')
    expect(luhnCheckDigit('7992739871')).toBe('3')
  })
})
