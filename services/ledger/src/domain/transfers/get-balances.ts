import { ApiError, invalidInput } from '@pp/errors'
import { findBalances } from '../../db/ledger-accounts.db.js'
import type { LedgerDeps } from '../deps.js'
import type { Tenant } from '../types.js'
import { resolveAccountId } from './resolve-accounts.js'
import { assertAccountRefs } from './rules.js'
import type { AccountBalance, AccountRef } from './types.js'

const BALANCE_ACCOUNTS_MAX = 100

/** The running totals of each account asked for, in the order asked; another tenant's account does not exist. */
export async function getBalances(deps: LedgerDeps, tenant: Tenant, refs: AccountRef[]): Promise<AccountBalance[]> {
  if (refs.length === 0 || refs.length > BALANCE_ACCOUNTS_MAX) {
    throw invalidInput([{ field: 'accounts', message: `must name 1 to ${BALANCE_ACCOUNTS_MAX} accounts` }])
  }
  assertAccountRefs(refs, 'accounts')
  const ids: string[] = []
  for (const ref of refs) ids.push(await resolveAccountId(deps.db, tenant, ref))
  const balances = await findBalances(deps.db, tenant, ids)
  return ids.map((accountId) => {
    const balance = balances.get(accountId)
    if (!balance) throw new ApiError('ACCOUNT_NOT_FOUND', `Account ${accountId} not found`, { accountId })
    return balance
  })
}
