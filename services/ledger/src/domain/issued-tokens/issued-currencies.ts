import { isSupportedCurrency } from '@pp/money'
import { findIssuedCurrencies } from '../../db/issued-token-accounts.db.js'
import type { Db } from '../../db/client.js'
import type { LegRequest } from '../transfers/types.js'
import type { Tenant } from '../types.js'

/**
 * The legs' currencies that are tokens the tenant issues: those with an issuance account
 * (openIssuedTokenAccounts). Asked only for a currency the service does not know, so a payment
 * in a known currency runs no statement for it.
 */
export async function issuedCurrenciesOf(db: Db, tenant: Tenant, legs: LegRequest[]): Promise<ReadonlySet<string>> {
  const unknown = [...new Set(legs.map((leg) => leg.currency).filter((currency) => !isSupportedCurrency(currency)))]
  if (unknown.length === 0) return new Set()
  return new Set(await findIssuedCurrencies(db, tenant, unknown))
}
