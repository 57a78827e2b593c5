import type { OperatorExchangeRate, SetExchangeRateRequest } from '@pp/proto/payments/v1/operator'
import { durationSeconds, limitOption, parseCommandArgs, UsageError } from '../args.js'
import { table, timeText, type Command } from '../command.js'

const CURRENCY = /^[A-Z]{3}$/
const DECIMAL = /^\d+(\.\d+)?$/
const LIMIT_MAX = 500

function currencyArg(value: string, name: string): string {
  const code = value.trim().toUpperCase()
  if (!CURRENCY.test(code)) throw new UsageError(`${name} must be a currency code such as USD, got "${value}"`)
  return code
}

function instantOption(value: string, name: string): Date {
  const at = new Date(value)
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(at.getTime())) throw new UsageError(`--${name} must be an ISO time such as 2026-12-31T18:00:00Z`)
  return at
}

/**
 * `rates set`'s command line as the request it sends (without who sets it): the pair, the mid
 * rate as written (a decimal, never read as a float), the spread and the period, which starts now
 * (or at --from) and lasts --valid-for or ends at --until (one of the two). The service checks
 * the rest (known currencies, bounds).
 */
export function rateSettingOf(args: string[], now: Date): Omit<SetExchangeRateRequest, 'setBy'> {
  const parsed = parseCommandArgs(args, { 'spread-bps': { type: 'string' }, 'valid-for': { type: 'string' }, until: { type: 'string' }, from: { type: 'string' } }, 3)
  const [from, to, rate] = parsed.positionals as [string, string, string]
  if (!DECIMAL.test(rate.trim())) throw new UsageError(`the rate must be a decimal such as 0.9215 (units of ${to} per ${from}), got "${rate}"`)
  const spread = String(parsed.values['spread-bps'] ?? '0')
  if (!/^\d+$/.test(spread)) throw new UsageError('--spread-bps must be a whole number of basis points (50 = 0.5%)')
  const validFor = parsed.values['valid-for']
  const until = parsed.values.until
  if ((validFor === undefined) === (until === undefined)) throw new UsageError('give one of --valid-for (such as 24h) or --until (an ISO time)')
  const validFrom = typeof parsed.values.from === 'string' ? instantOption(parsed.values.from, 'from') : undefined
  const start = validFrom ?? now
  const validUntil = typeof until === 'string' ? instantOption(until, 'until') : new Date(start.getTime() + durationSeconds(String(validFor), 'valid-for') * 1_000)
  return {
    sourceCurrency: currencyArg(from, 'FROM'),
    destinationCurrency: currencyArg(to, 'TO'),
    midRate: rate.trim(),
    spreadBps: Number(spread),
    validFrom,
    validUntil,
  }
}

const rateRow = (r: OperatorExchangeRate, now: Date): string[] => [
  `${r.sourceCurrency}/${r.destinationCurrency}`,
  r.midRate,
  String(r.spreadBps),
  r.appliedRate,
  timeText(r.validFrom),
  timeText(r.validUntil),
  r.validUntil && r.validUntil <= now ? 'ended' : r.validFrom && r.validFrom > now ? 'later' : 'current',
  r.setBy,
  timeText(r.setAt),
]
const RATE_COLUMNS = ['PAIR', 'MID', 'SPREAD (BPS)', 'APPLIED', 'FROM', 'UNTIL', 'STATE', 'SET BY', 'SET AT']

const set: Command = {
  usage: '<FROM> <TO> <rate> [--spread-bps N] (--valid-for 24h | --until <iso>) [--from <iso>]',
  summary:
    'set the production rate of a pair (RATES_SOURCE=operator): <rate> units of TO per FROM at mid-market; the spread (basis points, 0 unless told) comes off what the customer receives; the opposite direction is derived unless set too',
  async run(args, services) {
    const setting = rateSettingOf(args, new Date())
    const client = services.paymentsOperator()
    const { rate } = await services.call(client, client.setExchangeRate, { ...setting, setBy: services.operator })
    return { data: rate, text: table(RATE_COLUMNS, [rateRow(rate!, new Date())]) }
  },
}

const list: Command = {
  usage: '[--all] [--limit N]',
  summary: 'the production rates operators set that have not ended (--all: every one), newest first',
  async run(args, services) {
    const parsed = parseCommandArgs(args, { all: { type: 'boolean' }, limit: { type: 'string' } })
    const limit = limitOption(parsed.values.limit, 100, LIMIT_MAX)
    const client = services.paymentsOperator()
    const { rates } = await services.call(client, client.listExchangeRates, { includeExpired: parsed.values.all === true, limit })
    const now = new Date()
    return { data: rates, text: rates.length === 0 ? 'No operator rates.' : table(RATE_COLUMNS, rates.map((r) => rateRow(r, now))) }
  },
}

/** Production exchange rates set by the operator (issue 28, docs/production.md "Exchange rates"). */
export const rateCommands: Record<string, Command> = { set, list }
