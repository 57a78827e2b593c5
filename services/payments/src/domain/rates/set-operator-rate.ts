import { invalidInput, notConfigured, type FieldError } from '@pp/errors'
import { newId } from '@pp/ids'
import { findCurrency } from '@pp/money'
import { insertOperatorRate, listOperatorRates } from '../../db/operator-rates.db.js'
import type { PaymentsDeps } from '../deps.js'
import type { OperatorRate } from './operator-rates.js'
import { isPositiveDecimal } from './spread.js'

export interface OperatorRateInput {
  sourceCurrency: string
  destinationCurrency: string
  midRate: string
  spreadBps: number
  /** Now when absent. */
  validFrom?: Date
  validUntil: Date
  setBy: string
}

const LIST_LIMIT_MAX = 500

/** The operator's rate calls exist only while production is priced from them. */
function requireOperatorRates(deps: PaymentsDeps): { changed(): void } {
  if (!deps.operatorRates) throw notConfigured('Operator-set exchange rates (set RATES_SOURCE=operator)', { setting: 'RATES_SOURCE' })
  return deps.operatorRates
}

function problemsOf(input: OperatorRateInput, validFrom: Date, now: Date): FieldError[] {
  const problems: FieldError[] = []
  for (const field of ['sourceCurrency', 'destinationCurrency'] as const) {
    if (!findCurrency(input[field])) problems.push({ field, message: `${input[field]} is not a currency the service offers` })
  }
  if (input.sourceCurrency === input.destinationCurrency) problems.push({ field: 'destinationCurrency', message: 'must differ from sourceCurrency' })
  if (!isPositiveDecimal(input.midRate)) problems.push({ field: 'midRate', message: 'must be a positive decimal such as 0.9215' })
  if (!Number.isInteger(input.spreadBps) || input.spreadBps < 0 || input.spreadBps > 9_999) problems.push({ field: 'spreadBps', message: 'must be a whole number of basis points from 0 to 9999' })
  // an ended rate would price nothing: its record would only mislead
  if (!(input.validUntil > validFrom && input.validUntil > now)) problems.push({ field: 'validUntil', message: 'must be after the rate starts and in the future' })
  if (!input.setBy.trim()) problems.push({ field: 'setBy', message: 'name the operator who sets the rate' })
  return problems
}

/**
 * Records a production rate for a pair and a period. Quotes of this replica use it at once (its
 * cached rates are dropped); other replicas within their rate cache's lifetime (about 5 minutes).
 */
export async function setOperatorRate(deps: PaymentsDeps, input: OperatorRateInput): Promise<OperatorRate> {
  const book = requireOperatorRates(deps)
  const now = deps.now()
  const validFrom = input.validFrom ?? now
  const problems = problemsOf(input, validFrom, now)
  if (problems.length > 0) throw invalidInput(problems)
  const rate: OperatorRate = {
    id: newId('OperatorRate'),
    sourceCurrency: input.sourceCurrency,
    destinationCurrency: input.destinationCurrency,
    midRate: input.midRate,
    spreadBps: input.spreadBps,
    validFrom,
    validUntil: input.validUntil,
    setBy: input.setBy.trim(),
    setAt: now,
  }
  await insertOperatorRate(deps.db, rate)
  book.changed()
  return rate
}

/** The rates not ended yet (or every one), newest setting first. */
export function listOperatorRatesNow(deps: PaymentsDeps, includeEnded: boolean, limit: number): Promise<OperatorRate[]> {
  requireOperatorRates(deps)
  if (!Number.isInteger(limit) || limit < 1 || limit > LIST_LIMIT_MAX) throw invalidInput([{ field: 'limit', message: `must be between 1 and ${LIST_LIMIT_MAX}` }])
  return listOperatorRates(deps.db, deps.now(), includeEnded, limit)
}
