import { ApiError } from '@pp/errors'
import { ACTIVE_UMA_ADDRESS_INDEX } from '../../db/unique-violation.js'

/** `$user@domain`: what an UMA address looks like (the gateway's UmaAddress schema checks the same). */
const UMA_ADDRESS = /^\$[\w.+-]{1,64}@[\w.-]+\.[a-zA-Z]{2,}$/

/** The domain of system addresses while the platform has configured no UMA domain (the migration backfills with it too). */
export const SYSTEM_UMA_DOMAIN = 'uma.payments.local'

const uuidOf = (customerId: string): string => customerId.slice(customerId.indexOf(':') + 1)

/** Every customer shows an UMA address: one it was given, or this one derived from its id. */
export const systemUmaAddress = (customerId: string, umaDomain: string | undefined): string =>
  `$${uuidOf(customerId).replaceAll('-', '').toLowerCase()}@${umaDomain ?? SYSTEM_UMA_DOMAIN}`

/** A customer created without a platformCustomerId gets its id's uuid (unique, as the index wants). */
export const systemPlatformCustomerId = uuidOf

export function assertUmaAddress(value: string, field: string): string {
  if (UMA_ADDRESS.test(value)) return value
  throw new ApiError('INVALID_UMA_ADDRESS', `${field} is not an UMA address ($user@domain)`, { field })
}

/** UMA_ADDRESS_EXISTS when a write broke the one-customer-per-address index, undefined for another index. */
export const umaAddressTaken = (violatedIndex: string | undefined): ApiError | undefined =>
  violatedIndex === ACTIVE_UMA_ADDRESS_INDEX
    ? new ApiError('UMA_ADDRESS_EXISTS', 'umaAddress is already the address of an active customer', { field: 'umaAddress' })
    : undefined
