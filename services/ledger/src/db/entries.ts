import type { RecordedLeg } from '../domain/transfers/types.js'

/** A leg as two entries: the debit negative, the credit positive, so they sum to zero. */
export const entriesOf = (legs: RecordedLeg[]) =>
  legs.flatMap((leg, index) => [
    { leg: index, accountId: leg.debitAccountId, currency: leg.currency, amount: -leg.amount },
    { leg: index, accountId: leg.creditAccountId, currency: leg.currency, amount: leg.amount },
  ])

/** Legs back from entries (each leg is one negative and one positive entry). */
export function legsOf(entries: Array<{ leg: number; accountId: string; currency: string; amount: bigint }>): RecordedLeg[] {
  const byLeg = new Map<number, RecordedLeg>()
  for (const entry of entries) {
    const leg = byLeg.get(entry.leg) ?? { debitAccountId: '', creditAccountId: '', currency: entry.currency, amount: 0n }
    if (entry.amount < 0n) leg.debitAccountId = entry.accountId
    else {
      leg.creditAccountId = entry.accountId
      leg.amount = entry.amount
    }
    byLeg.set(entry.leg, leg)
  }
  return [...byLeg.entries()].sort(([a], [b]) => a - b).map(([, leg]) => leg)
}
