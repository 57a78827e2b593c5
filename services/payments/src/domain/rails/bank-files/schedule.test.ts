import { describe, expect, it } from 'vitest'
import { bankingCalendar } from '../ach/banking-calendar.js'
import { bankingDaysAfter, dayOf, nextTimeOfDay, previousTimeOfDay, yymmdd } from './schedule.js'

describe('bank-file schedule', () => {
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

  it('counts banking days to the effective date, skipping weekends and holidays', () => {
    const fed = bankingCalendar()
    // Friday 2026-11-27
    expect(yymmdd(bankingDaysAfter(new Date('2026-11-27T15:00:00Z'), 1, fed))).toBe('261130')
    expect(yymmdd(bankingDaysAfter(new Date('2026-11-27T15:00:00Z'), 0, fed))).toBe('261127')
    expect(yymmdd(bankingDaysAfter(new Date('2026-11-28T15:00:00Z'), 0, fed))).toBe('261130')
    // Thursday 2026-11-26 is Thanksgiving
    expect(yymmdd(bankingDaysAfter(new Date('2026-11-24T15:00:00Z'), 2, fed))).toBe('261127')
    expect(yymmdd(bankingDaysAfter(new Date('2026-11-26T15:00:00Z'), 0, fed))).toBe('261127')
    // a prenote effective Wednesday 2026-12-23 waits three banking days: Christmas (Friday) and the weekend do not count
    expect(yymmdd(bankingDaysAfter(new Date('2026-12-23T00:00:00Z'), 3, fed))).toBe('261229')
    expect(yymmdd(bankingDaysAfter(new Date('2026-11-27T15:00:00Z'), 1, bankingCalendar(['2026-11-30'])))).toBe('261201')
    expect(dayOf('261130')).toEqual(new Date('2026-11-30T00:00:00Z'))
  })
})
