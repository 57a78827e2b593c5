import { children, parseXml, type XmlNode } from '../../domain/rails/sepa/iso-xml.js'
import { isPositiveDecimal } from '../../domain/rates/spread.js'

/** One day's reference rates: units of each currency per unit of the base currency, as decimal strings. */
export interface ReferenceRates {
  /** The day the rates are of, YYYY-MM-DD. */
  date: string
  /** Every currency priced, the base included (at 1). */
  rates: Map<string, string>
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const CURRENCY = /^[A-Z]{3}$/

const attribute = (node: XmlNode, name: string): string | undefined => {
  const value = node[`@${name}`]
  return typeof value === 'string' ? value.trim() : undefined
}

/** A real calendar day: `2026-02-30` is refused. */
const isDay = (value: string): boolean => DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)

/**
 * Reads the daily reference-rate XML central banks publish in the ECB's shape (`eurofxref-daily.xml`):
 * `gesmes:Envelope / Cube / Cube time=YYYY-MM-DD / Cube currency=USD rate=1.0543`, each rate the
 * units of the currency per unit of `base`. A file of several days (the 90-day history) gives its
 * latest. Throws on anything else, naming what is wrong: a rate is never guessed.
 */
export function readReferenceRates(xml: string, base: string): ReferenceRates {
  const envelope = children(parseXml(xml), 'Envelope')[0]
  const days = children(children(envelope, 'Cube')[0], 'Cube')
  if (!envelope || days.length === 0) throw new Error('not a reference-rate file: no Envelope/Cube/Cube[@time]')
  const dated = days.map((day) => ({ day, date: attribute(day, 'time') ?? '' }))
  const bad = dated.find(({ date }) => !isDay(date))
  if (bad) throw new Error(`a Cube's time is not a day (YYYY-MM-DD): "${bad.date}"`)
  const latest = dated.reduce((a, b) => (b.date > a.date ? b : a))
  const rates = new Map<string, string>([[base, '1']])
  for (const cube of children(latest.day, 'Cube')) {
    const currency = attribute(cube, 'currency') ?? ''
    const rate = attribute(cube, 'rate') ?? ''
    if (!CURRENCY.test(currency)) throw new Error(`a Cube of ${latest.date} has no currency code: "${currency}"`)
    if (!isPositiveDecimal(rate)) throw new Error(`the rate of ${currency} on ${latest.date} is not a positive decimal: "${rate}"`)
    rates.set(currency, rate)
  }
  if (rates.size === 1) throw new Error(`the reference rates of ${latest.date} price no currency`)
  return { date: latest.date, rates }
}
