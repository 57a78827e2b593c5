import { describe, expect, it } from 'vitest'
import { operatorPrice, type OperatorRate } from './operator-rates.js'

const at = new Date('2026-12-01T12:00:00Z')
const hours = (n: number) => new Date(at.getTime() + n * 3_600_000)
let seq = 0
const rate = (from: string, to: string, mid: string, spreadBps: number, validFrom: Date, validUntil: Date): OperatorRate => ({
  id: `OperatorRate:${++seq}`,
  sourceCurrency: from,
  destinationCurrency: to,
  midRate: mid,
  spreadBps,
  validFrom,
  validUntil,
  setBy: 'ops@example',
  setAt: validFrom,
})

describe('operatorPrice', () => {
  it('prices the direction set with its spread, until the rate ends', () => {
    expect(operatorPrice([rate('USD', 'EUR', '0.92', 50, hours(-1), hours(23))], 'USD', 'EUR', at)).toEqual({ rate: '0.9154', validUntil: hours(23) })
  })

  it('derives the opposite direction from the mid, keeping the spread against the customer', () => {
    expect(operatorPrice([rate('EUR', 'USD', '1.25', 100, hours(-1), hours(23))], 'USD', 'EUR', at)).toEqual({ rate: '0.792', validUntil: hours(23) })
  })

  it('prefers the direction set over a derived one, and the newest current setting', () => {
    const rates = [
      rate('EUR', 'USD', '1.25', 0, hours(-1), hours(23)),
      rate('USD', 'EUR', '0.90', 0, hours(-3), hours(23)),
      rate('USD', 'EUR', '0.91', 0, hours(-2), hours(23)),
    ]
    expect(operatorPrice(rates, 'USD', 'EUR', at)?.rate).toBe('0.91')
  })

  it('uses no ended rate nor one not started, and ends the price where a later setting starts', () => {
    expect(operatorPrice([rate('USD', 'EUR', '0.92', 0, hours(-25), hours(-1))], 'USD', 'EUR', at)).toBeUndefined()
    expect(operatorPrice([rate('USD', 'EUR', '0.92', 0, hours(1), hours(25))], 'USD', 'EUR', at)).toBeUndefined()
    const rates = [rate('USD', 'EUR', '0.92', 0, hours(-1), hours(23)), rate('USD', 'EUR', '0.93', 0, hours(2), hours(26))]
    expect(operatorPrice(rates, 'USD', 'EUR', at)).toEqual({ rate: '0.92', validUntil: hours(2) })
  })
})
