import { describe, expect, it } from 'vitest'
import { achStateAt, assertUsable, statusAt } from './usability.js'

const now = new Date('2025-10-21T12:00:00Z')
const later = new Date('2025-10-21T12:00:05Z')
const validating = (outcome: 'VALIDATED' | 'FAILED' | null, validatesAt: Date | null = later) => ({
  status: 'PENDING' as const,
  achValidationStatus: 'VALIDATING' as const,
  achValidatesAt: validatesAt,
  achValidationOutcome: outcome,
})

describe('ACH validation at a moment', () => {
  it('is pending within the window: 409 BANK_ACCOUNT_VALIDATION_PENDING', () => {
    const account = validating('VALIDATED')
    expect(achStateAt(account, now)).toBe('VALIDATING')
    expect(statusAt(account, now)).toBe('PENDING')
    expect(() => assertUsable(account, now)).toThrow(expect.objectContaining({ code: 'BANK_ACCOUNT_VALIDATION_PENDING' }))
  })

  it('gives the outcome once the window has passed, recorded or not', () => {
    expect(statusAt(validating('VALIDATED'), later)).toBe('ACTIVE')
    expect(() => assertUsable(validating('VALIDATED'), later)).not.toThrow()
    expect(statusAt(validating('FAILED'), later)).toBe('INACTIVE')
    expect(() => assertUsable(validating('FAILED'), later)).toThrow(expect.objectContaining({ code: 'INVALID_BANK_ACCOUNT' }))
    const recorded = { status: 'INACTIVE' as const, achValidationStatus: 'FAILED' as const, achValidatesAt: now, achValidationOutcome: 'FAILED' as const }
    expect(() => assertUsable(recorded, later)).toThrow(expect.objectContaining({ code: 'INVALID_BANK_ACCOUNT' }))
  })

  it('stays pending while no rail has answered', () => {
    expect(() => assertUsable(validating(null, null), new Date('2030-01-01'))).toThrow(expect.objectContaining({ code: 'BANK_ACCOUNT_VALIDATION_PENDING' }))
  })

  it('lets other active accounts through and stops inactive ones', () => {
    const plain = { status: 'ACTIVE' as const, achValidationStatus: null, achValidatesAt: null, achValidationOutcome: null }
    expect(achStateAt(plain, now)).toBeUndefined()
    expect(() => assertUsable(plain, now)).not.toThrow()
    expect(() => assertUsable({ ...plain, status: 'INACTIVE' }, now)).toThrow(expect.objectContaining({ code: 'INVALID_BANK_ACCOUNT' }))
  })
})
