import { describe, expect, it } from 'vitest'
import { entriesOf, legsOf } from './entries.js'

const leg = (debitAccountId: string, creditAccountId: string, amount: bigint) => ({ debitAccountId, creditAccountId, currency: 'USD', amount })

describe('ledger entries', () => {
  it('writes each leg as two entries that sum to zero, and reads them back', () => {
    const legs = [leg('A', 'B', 10n), leg('B', 'C', 3n)]
    const entries = entriesOf(legs)
    expect(entries.reduce((sum, e) => sum + e.amount, 0n)).toBe(0n)
    expect(legsOf(entries)).toEqual(legs)
  })
})
