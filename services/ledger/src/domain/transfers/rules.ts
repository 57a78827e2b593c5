import { fingerprintOf } from '@pp/db'
import { ApiError, invalidInput, type FieldError } from '@pp/errors'
import { isSupportedCurrency } from '@pp/money'
import {
  SYSTEM_ACCOUNT_KINDS,
  TRANSFER_CODES,
  type AccountBalance,
  type AccountDelta,
  type AccountRef,
  type LegRequest,
  type RecordedLeg,
  type TransferCode,
} from './types.js'

const TRANSFER_ID_LENGTH_MAX = 255
const LEGS_MAX = 16
const INT64_MAX = 2n ** 63n - 1n

/** Spendable now: posted credits less posted and held debits (pending credits are not yet there). */
export const availableOf = (b: Omit<AccountBalance, 'accountId' | 'currency'>): bigint =>
  b.creditsPosted - b.debitsPosted - b.debitsPending

/** Everything the account holds or is about to: pending credits and held debits included. */
export const totalOf = (b: Omit<AccountBalance, 'accountId' | 'currency'>): bigint =>
  b.creditsPosted + b.creditsPending - b.debitsPosted

/**
 * What a transfer id stands for: a retry under the id must carry the same content. A hold posted
 * at once (hold-and-post.ts) records the fingerprints the two separate calls would, so every path
 * to the same movement computes them here.
 */
export const movementFingerprint = (kind: 'DIRECT' | 'PENDING', code: TransferCode, legs: LegRequest[]): string =>
  fingerprintOf({ kind, code, legs })

export const resolutionFingerprint = (kind: 'POST_PENDING' | 'VOID_PENDING', pendingId: string, amount: bigint | undefined): string =>
  fingerprintOf({ kind, pendingId, amount: amount ?? null })

/** The caller's idempotency key; proto3 turns a missing one into "". */
export function assertTransferId(value: string, field: string): string {
  if (value.length === 0) throw invalidInput([{ field, message: 'is required' }])
  if (value.length > TRANSFER_ID_LENGTH_MAX) {
    throw invalidInput([{ field, message: 'too long', constraint: { maxLength: TRANSFER_ID_LENGTH_MAX } }])
  }
  return value
}

export function assertTransferCode(value: string): TransferCode {
  if ((TRANSFER_CODES as readonly string[]).includes(value)) return value as TransferCode
  throw invalidInput([{ field: 'code', message: 'is required', constraint: { enum: [...TRANSFER_CODES] } }])
}

export function assertPositiveAmount(amount: bigint, field: string): bigint {
  if (amount > 0n && amount <= INT64_MAX) return amount
  throw new ApiError('INVALID_AMOUNT', `${field} must be a positive amount in the currency's smallest unit`, { field })
}

/**
 * 1 to LEGS_MAX legs, each a positive amount between two different accounts in a known currency:
 * one of the service's, or a token the tenant issues (`issued`, see issued-tokens/).
 */
export function assertLegs(legs: LegRequest[], issued: ReadonlySet<string> = new Set()): void {
  if (legs.length === 0 || legs.length > LEGS_MAX) {
    throw invalidInput([{ field: 'legs', message: `must hold 1 to ${LEGS_MAX} legs` }])
  }
  const errors = legs.flatMap((leg, i) => legErrors(leg, `legs.${i}`, issued))
  if (errors.length > 0) throw invalidInput(errors)
  legs.forEach((leg, i) => assertPositiveAmount(leg.amount, `legs.${i}.amount`))
}

function legErrors(leg: LegRequest, path: string, issued: ReadonlySet<string>): FieldError[] {
  const errors = [...refErrors(leg.debit, `${path}.debit`), ...refErrors(leg.credit, `${path}.credit`)]
  if (!isSupportedCurrency(leg.currency) && !issued.has(leg.currency)) errors.push({ field: `${path}.currency`, message: 'is not a supported currency' })
  if (errors.length === 0 && refKey(leg.debit) === refKey(leg.credit)) {
    errors.push({ field: `${path}.credit`, message: 'must differ from the debited account' })
  }
  return errors
}

/** Every ref names an account id, or a system account of a known kind and currency. */
export function assertAccountRefs(refs: AccountRef[], field: string): void {
  const errors = refs.flatMap((ref, i) => refErrors(ref, `${field}.${i}`))
  if (errors.length > 0) throw invalidInput(errors)
}

function refErrors(ref: AccountRef, path: string): FieldError[] {
  if ('accountId' in ref) return ref.accountId === '' ? [{ field: `${path}.accountId`, message: 'is required' }] : []
  const errors: FieldError[] = []
  if (!(SYSTEM_ACCOUNT_KINDS as readonly string[]).includes(ref.system.kind)) {
    errors.push({ field: `${path}.system.kind`, message: 'is required', constraint: { enum: [...SYSTEM_ACCOUNT_KINDS] } })
  }
  if (!isSupportedCurrency(ref.system.currency)) errors.push({ field: `${path}.system.currency`, message: 'is not a supported currency' })
  return errors
}

const refKey = (ref: AccountRef): string =>
  'accountId' in ref ? ref.accountId : `system:${ref.system.kind}:${ref.system.currency}`

const zeroDelta = (): AccountDelta => ({ debitsPending: 0n, debitsPosted: 0n, creditsPending: 0n, creditsPosted: 0n, availableNeeded: 0n })

function deltaOf(deltas: Map<string, AccountDelta>, accountId: string): AccountDelta {
  const delta = deltas.get(accountId) ?? zeroDelta()
  deltas.set(accountId, delta)
  return delta
}

/**
 * What a DIRECT or PENDING transfer does to each account: debits posted or held, credits posted
 * or pending. A debited account must have the sum of its debits available, so several legs on
 * one account are checked together; a credit in the same transfer does not count towards it.
 */
export function movementDeltas(legs: RecordedLeg[], kind: 'DIRECT' | 'PENDING'): Map<string, AccountDelta> {
  const deltas = new Map<string, AccountDelta>()
  for (const leg of legs) {
    const debit = deltaOf(deltas, leg.debitAccountId)
    const credit = deltaOf(deltas, leg.creditAccountId)
    debit.availableNeeded += leg.amount
    if (kind === 'DIRECT') {
      debit.debitsPosted += leg.amount
      credit.creditsPosted += leg.amount
    } else {
      debit.debitsPending += leg.amount
      credit.creditsPending += leg.amount
    }
  }
  return deltas
}

/**
 * What resolving a hold does: the held amounts leave the pending totals, the posted ones (none
 * for a void) enter the posted totals. Available balances only grow, so nothing is needed.
 */
export function resolutionDeltas(held: RecordedLeg[], posted: RecordedLeg[]): Map<string, AccountDelta> {
  const deltas = new Map<string, AccountDelta>()
  for (const leg of held) {
    deltaOf(deltas, leg.debitAccountId).debitsPending -= leg.amount
    deltaOf(deltas, leg.creditAccountId).creditsPending -= leg.amount
  }
  for (const leg of posted) {
    deltaOf(deltas, leg.debitAccountId).debitsPosted += leg.amount
    deltaOf(deltas, leg.creditAccountId).creditsPosted += leg.amount
  }
  return deltas
}

/** The legs a post moves: all of the hold, or `amount` of a single-leg hold (the rest is released). */
export function legsToPost(held: RecordedLeg[], amount: bigint | undefined): RecordedLeg[] {
  if (amount === undefined) return held
  assertPositiveAmount(amount, 'amount')
  const [only] = held
  if (held.length !== 1 || !only) {
    throw invalidInput([{ field: 'amount', message: 'a partial post needs a hold of a single leg' }])
  }
  if (amount > only.amount) {
    throw new ApiError('INVALID_AMOUNT', `amount exceeds the ${only.amount} held`, { field: 'amount', heldAmount: only.amount.toString() })
  }
  return [{ ...only, amount }]
}
