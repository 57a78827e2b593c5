/** A ledger account as stored with a quote: an internal account, or a system account of the tenant. */
export type StoredAccountRef = { accountId: string } | { system: 'FUNDING' | 'SETTLEMENT' | 'FX' | 'FEES'; currency: string }

/**
 * A leg as stored (JSON): the amount is a decimal string, never a float. A type rather than an
 * interface, so that it is a JSON value to Prisma as it is.
 */
export type StoredLeg = {
  debit: StoredAccountRef
  credit: StoredAccountRef
  currency: string
  amount: string
}

export interface LegInput {
  /** The source internal account, or FUNDING when the money comes from outside (pull, realtime funding). */
  debit: StoredAccountRef
  /** The destination internal account, or SETTLEMENT when the money leaves to a rail. */
  credit: StoredAccountRef
  sendingCurrency: string
  receivingCurrency: string
  principal: bigint
  received: bigint
  fees: bigint
}

/**
 * The legs of one payment, each summing to zero in its currency: the principal straight to the
 * destination when no conversion happens, else into FX in the sending currency and out of FX in
 * the receiving currency; the fees to FEES. Legs of zero are left out (the ledger refuses them).
 */
export function paymentLegs(input: LegInput): StoredLeg[] {
  const legs: StoredLeg[] = []
  if (input.sendingCurrency === input.receivingCurrency) {
    legs.push(leg(input.debit, input.credit, input.sendingCurrency, input.principal))
  } else {
    legs.push(leg(input.debit, { system: 'FX', currency: input.sendingCurrency }, input.sendingCurrency, input.principal))
    legs.push(leg({ system: 'FX', currency: input.receivingCurrency }, input.credit, input.receivingCurrency, input.received))
  }
  legs.push(leg(input.debit, { system: 'FEES', currency: input.sendingCurrency }, input.sendingCurrency, input.fees))
  return legs.filter((l) => BigInt(l.amount) > 0n)
}

/** The legs that undo `legs` (a refund of a posted payment): every leg with its sides swapped. */
export const reversedLegs = (legs: StoredLeg[]): StoredLeg[] => legs.map((l) => ({ ...l, debit: l.credit, credit: l.debit }))

const leg = (debit: StoredAccountRef, credit: StoredAccountRef, currency: string, amount: bigint): StoredLeg => ({
  debit,
  credit,
  currency,
  amount: amount.toString(),
})
