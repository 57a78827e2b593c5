import { ApiError, invalidInput } from '@pp/errors'
import { isSupportedCurrency } from '@pp/money'
import { insertTokenHoldingAccount } from '../../db/issued-token-accounts.db.js'
import { ensureSystemAccount } from '../../db/ledger-accounts.db.js'
import type { LedgerDeps } from '../deps.js'
import type { Tenant } from '../types.js'

export interface IssuedTokenAccounts {
  holdingAccountId: string
  issuanceAccountId: string
}

const TOKEN_CODE = /^[A-Z0-9]{2,16}$/

/**
 * A platform's own token in the ledger: a holding account (the tokens in its custody) and the
 * FUNDING account of the token's currency, which goes negative by what was issued, so each
 * currency of a mint or burn sums to zero. A token may not take the code of a currency the
 * service knows: its transfers would mix with that currency's.
 */
export async function openIssuedTokenAccounts(deps: LedgerDeps, tenant: Tenant, accountId: string, currency: string): Promise<IssuedTokenAccounts> {
  if (accountId === '') throw invalidInput([{ field: 'accountId', message: 'is required' }])
  if (!TOKEN_CODE.test(currency) || isSupportedCurrency(currency)) {
    throw invalidInput([{ field: 'currency', message: 'must be 2 to 16 capital letters or digits, and not a currency the service knows' }])
  }
  const held = await insertTokenHoldingAccount(deps.db, tenant, accountId, currency)
  if (held !== currency) {
    throw new ApiError('CONFLICT', `Account ${accountId} exists in another currency or tenant`, { accountId })
  }
  const issuanceAccountId = await ensureSystemAccount(deps.db, tenant, 'FUNDING', currency)
  return { holdingAccountId: accountId, issuanceAccountId }
}
