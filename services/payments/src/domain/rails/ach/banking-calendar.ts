import type { BankingCalendar } from '../bank-files/schedule.js'

/**
 * The days ACH moves money: the Federal Reserve's operating days. Weekends and the Fed's holidays
 * are closed; a fixed-date holiday on a Sunday is observed the Monday after, one on a Saturday is
 * not observed at all (the Fed stays open the Friday before). A deployment adds the closures no
 * rule foresees (a national day of mourning) with ACH_EXTRA_BANK_HOLIDAYS.
 */

const DAY_MS = 86_400_000

/** Month (1-12) and day of the holidays that fall on a fixed date. */
const FIXED_HOLIDAYS: ReadonlyArray<readonly [number, number]> = [
  [1, 1], // New Year's Day
  [6, 19], // Juneteenth National Independence Day
  [7, 4], // Independence Day
  [11, 11], // Veterans Day
  [12, 25], // Christmas Day
]

/** Month (1-12), weekday (0 Sunday) and which one of the month (-1: the last) of the others. */
const WEEKDAY_HOLIDAYS: ReadonlyArray<readonly [number, number, number]> = [
  [1, 1, 3], // Birthday of Martin Luther King, Jr.: third Monday of January
  [2, 1, 3], // Washington's Birthday: third Monday of February
  [5, 1, -1], // Memorial Day: last Monday of May
  [9, 1, 1], // Labor Day: first Monday of September
  [10, 1, 2], // Columbus Day: second Monday of October
  [11, 4, 4], // Thanksgiving Day: fourth Thursday of November
]

const utcDay = (year: number, month: number, date: number): Date => new Date(Date.UTC(year, month - 1, date))

function nthWeekday(year: number, month: number, weekday: number, nth: number): Date {
  if (nth > 0) {
    const first = utcDay(year, month, 1)
    return utcDay(year, month, 1 + ((weekday - first.getUTCDay() + 7) % 7) + (nth - 1) * 7)
  }
  const last = utcDay(year, month + 1, 0)
  return utcDay(year, month, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7))
}

/** The Fed's holidays observed in `year`, as YYYY-MM-DD. */
function fedHolidays(year: number): Set<string> {
  const days = WEEKDAY_HOLIDAYS.map(([month, weekday, nth]) => nthWeekday(year, month, weekday, nth))
  for (const [month, date] of FIXED_HOLIDAYS) {
    const day = utcDay(year, month, date)
    if (day.getUTCDay() === 0) days.push(new Date(day.getTime() + DAY_MS))
    else if (day.getUTCDay() !== 6) days.push(day)
  }
  return new Set(days.map(isoDay))
}

const isoDay = (day: Date): string => day.toISOString().slice(0, 10)

/** The Fed's calendar and the deployment's extra closures (YYYY-MM-DD). */
export function bankingCalendar(extraHolidays: readonly string[] = []): BankingCalendar {
  const byYear = new Map<number, Set<string>>()
  const extra = new Set(extraHolidays)
  const holidaysOf = (year: number): Set<string> => {
    if (!byYear.has(year)) byYear.set(year, fedHolidays(year))
    return byYear.get(year)!
  }
  return {
    isBankingDay(day) {
      const weekday = day.getUTCDay()
      if (weekday === 0 || weekday === 6) return false
      const iso = isoDay(day)
      return !extra.has(iso) && !holidaysOf(day.getUTCFullYear()).has(iso)
    },
  }
}
