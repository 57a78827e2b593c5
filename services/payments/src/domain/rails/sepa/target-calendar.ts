import type { BankingCalendar } from '../bank-files/schedule.js'

const DAY_MS = 86_400_000

/** Easter Sunday of `year` (Gregorian; the anonymous algorithm of Meeus, Jones and Butcher). */
function easterSunday(year: number): Date {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return new Date(Date.UTC(year, month - 1, day))
}

/**
 * The days SEPA credit transfers settle: TARGET2's opening days. Closed on weekends, New Year's
 * Day, Good Friday, Easter Monday, 1 May, and 25 and 26 December, plus the closures a deployment
 * lists (its bank's own, in SEPA_EXTRA_BANK_HOLIDAYS).
 */
export function targetCalendar(extraHolidays: readonly string[] = []): BankingCalendar {
  const extra = new Set(extraHolidays)
  return {
    isBankingDay(day) {
      const weekday = day.getUTCDay()
      if (weekday === 0 || weekday === 6) return false
      const monthDay = day.toISOString().slice(5, 10)
      if (['01-01', '05-01', '12-25', '12-26'].includes(monthDay) || extra.has(day.toISOString().slice(0, 10))) return false
      const easter = easterSunday(day.getUTCFullYear()).getTime()
      const date = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate())
      return date !== easter - 2 * DAY_MS && date !== easter + DAY_MS
    },
  }
}
