import { invalidInput } from '@pp/errors'
import { countAccounts, findAccountPage, type AccountFilters } from '../../db/internal-accounts.db.js'
import type { LedgerDeps } from '../deps.js'
import type { Tenant } from '../types.js'
import { decodeCursor, encodeCursor } from '@pp/db'
import { INTERNAL_ACCOUNT_TYPES, type InternalAccountType, type InternalAccountView } from './types.js'
import { toAccountView } from './view.js'

const PAGE_LIMIT_DEFAULT = 20
const PAGE_LIMIT_MAX = 100

export interface ListAccountsInput {
  owner: AccountFilters['owner']
  customerId?: string
  currency?: string
  type?: string
  /** 0 means the default. */
  limit: number
  cursor?: string
}

export interface AccountPage {
  data: InternalAccountView[]
  hasMore: boolean
  nextCursor?: string
  totalCount: number
}

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
  const page = records.slice(0, limit)
  const hasMore = records.length > limit
  const last = page.at(-1)
  return { data: page.map(toAccountView), hasMore, nextCursor: hasMore && last ? encodeCursor(last) : undefined, totalCount }
}

function assertAccountType(value: string): InternalAccountType {
  if ((INTERNAL_ACCOUNT_TYPES as readonly string[]).includes(value)) return value as InternalAccountType
  throw invalidInput([{ field: 'type', message: 'is not an internal account type', constraint: { enum: [...INTERNAL_ACCOUNT_TYPES] } }])
}

function pageLimit(requested: number): number {
  if (requested === 0) return PAGE_LIMIT_DEFAULT
  if (Number.isInteger(requested) && requested >= 1 && requested <= PAGE_LIMIT_MAX) return requested
  throw invalidInput([{ field: 'limit', message: `must be between 1 and ${PAGE_LIMIT_MAX}` }])
}
