import { applySpread, inverseRate } from './spread.js'

/** A production rate the operator set for a pair and a period (`pnpm admin rates set`). */
export interface OperatorRate {
  id: string
  sourceCurrency: string
  destinationCurrency: string
  /** Units of the destination currency per unit of the source currency, a decimal string. */
  midRate: string
  spreadBps: number
  validFrom: Date
  validUntil: Date
  setBy: string
  setAt: Date
}

/** What an operator rate prices a corridor at now, and until when that holds. */
export interface OperatorPrice {
  rate: string
  validUntil: Date
}

const isCurrent = (rate: OperatorRate, at: Date): boolean => rate.validFrom <= at && at < rate.validUntil

/** The newest of a direction's current rates: the latest start, then the latest setting. */
function newest(rates: OperatorRate[]): OperatorRate | undefined {
  return rates.reduce<OperatorRate | undefined>((best, rate) => {
    if (!best) return rate
    const byStart = rate.validFrom.getTime() - best.validFrom.getTime()
    return byStart > 0 || (byStart === 0 && rate.setAt > best.setAt) ? rate : best
  }, undefined)
}

/**
 * The applied rate of `from`→`to` at `at`, from the rates of that pair in either direction not
 * ended yet: the newest current rate set for the direction itself, else the inverse of the newest
 * current one set for the opposite direction (its mid inverted, then the same spread taken off, so
 * the platform keeps its margin both ways). Undefined when neither direction has a current rate.
 * The price holds until the rate ends or a later setting of the pair starts, whichever is first.
 */
export function operatorPrice(rates: OperatorRate[], from: string, to: string, at: Date): OperatorPrice | undefined {
  const current = rates.filter((rate) => isCurrent(rate, at))
  const direct = newest(current.filter((rate) => rate.sourceCurrency === from && rate.destinationCurrency === to))
  const opposite = direct ? undefined : newest(current.filter((rate) => rate.sourceCurrency === to && rate.destinationCurrency === from))
  const chosen = direct ?? opposite
  if (!chosen) return undefined
  const mid = direct ? chosen.midRate : inverseRate(chosen.midRate)
  const nextStart = rates.filter((rate) => rate.validFrom > at).reduce((end, rate) => (rate.validFrom < end ? rate.validFrom : end), chosen.validUntil)
  return { rate: applySpread(mid, chosen.spreadBps), validUntil: nextStart }
}
