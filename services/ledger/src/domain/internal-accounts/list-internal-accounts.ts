import { invalidInput } from '@pp/errors'
import { countAccounts, findAccountPage, type AccountFilters } from '../../db/internal-accounts.db.js'
import type { LedgerDeps } from '../deps.js'
import type { Tenant } from '../types.js'
import { decodeCursor, keysetPage, pageLimit, type Page } from '@pp/paging'
import { INTERNAL_ACCOUNT_TYPES, type InternalAccountType, type InternalAccountView } from './types.js'
import { toAccountView } from './view.js'

export interface ListAccountsInput {
  owner: AccountFilters['owner']
  customerId?: string
  currency?: string
  type?: string
  /** 0 means the default. */
  limit: number
  cursor?: string
}

export type AccountPage = Page<InternalAccountView>

/** The tenant's customer-owned or platform-owned accounts, newest first, one keyset page at a time. */
export async function listInternalAccounts(deps: LedgerDeps, tenant: Tenant, input: ListAccountsInput): Promise<AccountPage> {
  const limit = pageLimit(input.limit)
  const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor)
  const filters: AccountFilters = {
    owner: input.owner,
    customerId: input.owner === 'CUSTOMER' ? input.customerId : undefined,
    currency: input.currency,
    type: input.type === undefined ? undefined : assertAccountType(input.type),
  }
  const [records, totalCount] = await Promise.all([
    findAccountPage(deps.db, tenant, filters, after, limit + 1),
    countAccounts(deps.db, tenant, filters),
  ])
  return keysetPage(records, limit, totalCount, toAccountView)
}

function assertAccountType(value: string): InternalAccountType {
  if ((INTERNAL_ACCOUNT_TYPES as readonly string[]).includes(value)) return value as InternalAccountType
  throw invalidInput([{ field: 'type', message: 'is not an internal account type', constraint: { enum: [...INTERNAL_ACCOUNT_TYPES] } }])
}
