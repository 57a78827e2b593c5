import { describe, expect, it } from 'vitest'
import { dayOf, effectiveDateOf, nextTimeOfDay, previousTimeOfDay, yymmdd } from './schedule.js'

describe('ACH schedule', () => {
  it('finds the next cut-off today, else tomorrow', () => {
    const now = new Date('2026-11-27T15:30:00Z')
    expect(nextTimeOfDay(['14:00', '20:00'], now)).toEqual(new Date('2026-11-27T20:00:00Z'))
    expect(nextTimeOfDay(['14:00'], now)).toEqual(new Date('2026-11-28T14:00:00Z'))
    expect(nextTimeOfDay(['15:30'], now)).toEqual(new Date('2026-11-28T15:30:00Z'))
    expect(nextTimeOfDay([], now)).toBeUndefined()
    expect(previousTimeOfDay(['14:00', '20:00'], now)).toEqual(new Date('2026-11-27T14:00:00Z'))
    expect(previousTimeOfDay(['20:00'], now)).toEqual(new Date('2026-11-26T20:00:00Z'))
    expect(previousTimeOfDay(['15:30'], now)).toEqual(new Date('2026-11-27T15:30:00Z'))
  })

  it('counts business days to the effective date, skipping weekends', () => {
    // Friday 2026-11-27
    expect(yymmdd(effectiveDateOf(new Date('2026-11-27T15:00:00Z'), 1))).toBe('261130')
    expect(yymmdd(effectiveDateOf(new Date('2026-11-27T15:00:00Z'), 0))).toBe('261127')
    expect(yymmdd(effectiveDateOf(new Date('2026-11-28T15:00:00Z'), 0))).toBe('261130')
    expect(yymmdd(effectiveDateOf(new Date('2026-11-24T15:00:00Z'), 2))).toBe('261126')
    expect(dayOf('261130')).toEqual(new Date('2026-11-30T00:00:00Z'))
  })
})
