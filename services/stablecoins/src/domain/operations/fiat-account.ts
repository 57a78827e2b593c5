import { ApiError } from '@pp/errors'
import type { StablecoinsDeps } from '../deps.js'
import type { Caller, StablecoinRecord } from '../types.js'

/**
 * The platform's own internal account in the token's base currency: what a mint is funded from
 * and what a burn may pay into. A customer's account is not the platform's to use here.
 */
export async function platformFiatAccount(deps: StablecoinsDeps, caller: Caller, stablecoin: StablecoinRecord, accountId: string, field: string): Promise<string> {
  const facts = await deps.ledger.internalAccount(caller, accountId)
  if (facts.customerId !== undefined) {
    throw new ApiError('ACCOUNT_NOT_FOUND', `${accountId} is not one of the platform's own accounts`, { field, accountId })
  }
  if (facts.currency !== stablecoin.baseCurrency) {
    throw new ApiError('INVALID_CURRENCY', `${accountId} holds ${facts.currency}; ${stablecoin.symbol} is backed by ${stablecoin.baseCurrency}`, { field })
  }
  return accountId
}
