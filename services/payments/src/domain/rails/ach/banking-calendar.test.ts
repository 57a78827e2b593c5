import { describe, expect, it } from 'vitest'
import { bankingCalendar } from './banking-calendar.js'

const closedDaysOf = (year: number, extra: string[] = []): string[] => {
  const calendar = bankingCalendar(extra)
  const closed: string[] = []
  for (let day = new Date(Date.UTC(year, 0, 1)); day.getUTCFullYear() === year; day = new Date(day.getTime() + 86_400_000)) {
    const weekday = day.getUTCDay()
    if (weekday !== 0 && weekday !== 6 && !calendar.isBankingDay(day)) closed.push(day.toISOString().slice(0, 10))
  }
  return closed
}

describe('the banking calendar', () => {
  it("closes on the Federal Reserve's published holidays of 2026", () => {
    // the Fed's list for 2026: Independence Day falls on a Saturday and is not observed
    expect(closedDaysOf(2026)).toEqual([
      '2026-01-01', '2026-01-19', '2026-02-16', '2026-05-25', '2026-06-19', '2026-09-07', '2026-10-12', '2026-11-11', '2026-11-26', '2026-12-25',
    ])
  })

  it('observes a Sunday holiday the Monday after', () => {
    // 2027: Juneteenth and Christmas on Saturdays (not observed), Independence Day on a Sunday (observed Monday)
    expect(closedDaysOf(2027)).toEqual([
      '2027-01-01', '2027-01-18', '2027-02-15', '2027-05-31', '2027-07-05', '2027-09-06', '2027-10-11', '2027-11-11', '2027-11-25',
    ])
    // 2033: New Year's Day on a Saturday (open on Friday 2032-12-31 too), Juneteenth and Christmas on Sundays; 2034: New Year's Day on a Sunday
    expect(closedDaysOf(2033).filter((day) => day.endsWith('-01-03') || day.endsWith('-06-20') || day.endsWith('-12-26'))).toEqual(['2033-06-20', '2033-12-26'])
    expect(closedDaysOf(2032)).not.toContain('2032-12-31')
    expect(closedDaysOf(2034)[0]).toBe('2034-01-02')
  })

  it("adds the deployment's own closures", () => {
    expect(closedDaysOf(2026, ['2026-03-03'])).toContain('2026-03-03')
    expect(bankingCalendar().isBankingDay(new Date('2026-11-28T12:00:00Z'))).toBe(false)
  })
})
