import { describe, expect, it } from 'vitest'
import { assertEnvironment, keyStatus, OVERLAP_SECONDS_DEFAULT, OVERLAP_SECONDS_MAX, retirementOf, stillVerifying } from './key-history.js'

const now = new Date('2026-11-30T12:00:00.000Z')
const at = (offsetMs: number): Date => new Date(now.getTime() + offsetMs)

describe('keyStatus', () => {
  it('is CURRENT without a retirement, RETIRING before it and RETIRED from it on', () => {
    expect(keyStatus(null, now)).toBe('CURRENT')
    expect(keyStatus(at(1), now)).toBe('RETIRING')
    expect(keyStatus(at(0), now)).toBe('RETIRED')
    expect(keyStatus(at(-60_000), now)).toBe('RETIRED')
  })
})

describe('stillVerifying', () => {
  it('keeps the replaced keys whose overlap has not ended, newest first, and never the current one', () => {
    const keys = [
      { name: 'oldest', createdAt: at(-3_000), retiresAt: at(5_000) },
      { name: 'retired', createdAt: at(-2_500), retiresAt: at(-1) },
      { name: 'previous', createdAt: at(-2_000), retiresAt: at(60_000) },
      { name: 'current', createdAt: at(-1_000), retiresAt: null },
    ]
    expect(stillVerifying(keys, now).map((k) => k.name)).toEqual(['previous', 'oldest'])
    expect(stillVerifying(keys, at(5_000)).map((k) => k.name)).toEqual(['previous'])
    expect(stillVerifying(keys, at(60_000))).toEqual([])
  })
})

describe('retirementOf', () => {
  it('is a day later by default and the asked overlap otherwise', () => {
    expect(retirementOf(now, undefined)).toEqual(at(OVERLAP_SECONDS_DEFAULT * 1_000))
    expect(retirementOf(now, 3_600)).toEqual(at(3_600_000))
  })

  it('is at once for an overlap of 0, so a leaked key stops verifying now', () => {
    expect(keyStatus(retirementOf(now, 0), now)).toBe('RETIRED')
  })

  it('refuses a negative, fractional or longer than 30 days overlap naming the field', () => {
    for (const seconds of [-1, 1.5, OVERLAP_SECONDS_MAX + 1]) {
      expect(() => retirementOf(now, seconds)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', details: { errors: [expect.objectContaining({ field: 'overlapSeconds' })] } }))
    }
    expect(retirementOf(now, OVERLAP_SECONDS_MAX)).toEqual(at(OVERLAP_SECONDS_MAX * 1_000))
  })
})

describe('assertEnvironment', () => {
  it('takes SANDBOX and PRODUCTION only', () => {
    expect(assertEnvironment('PRODUCTION')).toBe('PRODUCTION')
    expect(() => assertEnvironment('sandbox')).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }))
    expect(() => assertEnvironment('')).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }))
  })
})
