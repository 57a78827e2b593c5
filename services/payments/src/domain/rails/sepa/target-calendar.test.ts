import { describe, expect, it } from 'vitest'
import { targetCalendar } from './target-calendar.js'

const open = (day: string, extra: string[] = []) => targetCalendar(extra).isBankingDay(new Date(`${day}T00:00:00Z`))

describe('TARGET2 calendar', () => {
  it('closes on weekends, the fixed holidays and the Easter days', () => {
    expect(open('2026-12-24')).toBe(true)
    expect(['2026-12-25', '2026-12-26', '2027-01-01', '2027-05-01', '2026-11-28'].map((day) => open(day))).toEqual([false, false, false, false, false])
    // Easter 2026 is on 5 April, 2027 on 28 March
    expect(['2026-04-03', '2026-04-06', '2027-03-26', '2027-03-29'].map((day) => open(day))).toEqual([false, false, false, false])
    expect(['2026-04-02', '2026-04-07'].map((day) => open(day))).toEqual([true, true])
  })

  it('closes on the extra days a deployment lists', () => {
    expect(open('2026-12-31', ['2026-12-31'])).toBe(false)
  })
})
