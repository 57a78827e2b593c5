import { createHash } from 'node:crypto'
import { ApiError, invalidInput } from '@pp/errors'
import { findCurrency } from '@pp/money'
import type { StablecoinRecord, Tenant } from '../types.js'

const INT64_MAX = 2n ** 63n - 1n
const DIGITS = /^\d{1,40}$/

export interface OperationAmounts {
  /** In the token's smallest unit. */
  amount: bigint
  /** The same value in the base currency's smallest unit. */
  fiatAmount: bigint
}

/**
 * A token amount and its base-currency value, both exact integers: an amount finer than the base
 * currency's smallest unit, or beyond what the ledger holds, is not representable.
 */
export function amountsOf(text: string, stablecoin: Pick<StablecoinRecord, 'decimals' | 'baseCurrency'>): OperationAmounts {
  if (!DIGITS.test(text)) throw invalidInput([{ field: 'amount', message: 'must be a whole number of the smallest unit', constraint: { pattern: '^[0-9]+$' } }])
  const amount = BigInt(text)
  if (amount === 0n) throw invalidInput([{ field: 'amount', message: 'must be positive' }])
  const fiatDecimals = findCurrency(stablecoin.baseCurrency)?.decimals ?? 2
  const shift = 10n ** BigInt(Math.abs(stablecoin.decimals - fiatDecimals))
  const fiatAmount = stablecoin.decimals >= fiatDecimals ? amount / shift : amount * shift
  const isExact = stablecoin.decimals < fiatDecimals || amount % shift === 0n
  if (!isExact || fiatAmount === 0n || amount > INT64_MAX || fiatAmount > INT64_MAX) {
    throw new ApiError(
      'STABLECOIN_AMOUNT_NOT_REPRESENTABLE',
      `${text} is not a whole amount of ${stablecoin.baseCurrency} at the token's ${stablecoin.decimals} decimals`,
      { field: 'amount', decimals: stablecoin.decimals, baseCurrency: stablecoin.baseCurrency },
    )
  }
  return { amount, fiatAmount }
}

/**
 * The operation's id follows from the tenant's Idempotency-Key, so the ledger transfers derived
 * from it are the same on a retry, even one after a crash that stored no answer.
 */
export function operationIdFor(tenant: Tenant, idempotencyKey: string): string {
  const bytes = createHash('sha256').update(`${tenant.platformId}/${tenant.environment}/${idempotencyKey}`).digest().subarray(0, 16)
  bytes[6] = (bytes[6]! & 0x0f) | 0x70
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `StablecoinOperation:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export const holdId = (operationId: string): string => `${operationId}:hold`
export const postId = (operationId: string): string => `${operationId}:post`
export const voidId = (operationId: string): string => `${operationId}:void`
