/** Times of a bank-file rail's day, all in UTC: cut-offs, fetches and execution or effective dates. */

/** The days a rail moves money (ACH: the Federal Reserve's; SEPA: TARGET2's). */
export interface BankingCalendar {
  isBankingDay(day: Date): boolean
}

const DAY_MS = 86_400_000

/** The first of `times` (`HH:MM`, UTC) strictly after `now`, today or tomorrow. */
export function nextTimeOfDay(times: readonly string[], now: Date): Date | undefined {
  let next: Date | undefined
  for (const time of times) {
    const [hours, minutes] = time.split(':').map(Number) as [number, number]
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hours, minutes))
    const candidate = at.getTime() > now.getTime() ? at : new Date(at.getTime() + DAY_MS)
    if (!next || candidate < next) next = candidate
  }
  return next
}

/** The last of `times` (`HH:MM`, UTC) at or before `now`, today or yesterday. */
export function previousTimeOfDay(times: readonly string[], now: Date): Date | undefined {
  let latest: Date | undefined
  for (const time of times) {
    const [hours, minutes] = time.split(':').map(Number) as [number, number]
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hours, minutes))
    const candidate = at.getTime() <= now.getTime() ? at : new Date(at.getTime() - DAY_MS)
    if (!latest || candidate > latest) latest = candidate
  }
  return latest
}

/**
 * The banking day `bankingDays` banking days after the day of `at` (0: that day, or the next
 * banking day when it is closed): a file's effective date, a prenote's end of waiting.
 */
export function bankingDaysAfter(at: Date, bankingDays: number, calendar: BankingCalendar): Date {
  let day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
  const nextDay = () => (day = new Date(day.getTime() + DAY_MS))
  if (bankingDays === 0) while (!calendar.isBankingDay(day)) nextDay()
  for (let left = bankingDays; left > 0; ) {
    nextDay()
    if (calendar.isBankingDay(day)) left -= 1
  }
  return day
}

/** YYMMDD, as a NACHA batch header writes a date. */
export const yymmdd = (day: Date): string => day.toISOString().slice(2, 10).replace(/-/g, '')

/** The day a YYMMDD names, at 00:00 UTC. */
export const dayOf = (value: string): Date => new Date(`20${value.slice(0, 2)}-${value.slice(2, 4)}-${value.slice(4, 6)}T00:00:00Z`)
