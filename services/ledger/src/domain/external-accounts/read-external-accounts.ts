import { invalidInput } from '@pp/errors'
import type { Logger } from '@pp/logging'
import { countExternalAccounts, findExternalAccountPage, type ExternalAccountFilters } from '../../db/external-accounts.db.js'
import { decodeCursor, keysetPage, pageLimit, type Page } from '@pp/paging'
import type { Tenant } from '../types.js'
import type { ExternalAccountsDeps } from './deps.js'
import { mustReadAccount, ofCustomer, scopeOf } from './find-account.js'
import { assertUsable } from './usability.js'
import type { ExternalAccountView } from './types.js'
import { toExternalAccountView, viewUnlessUnreadable } from './view.js'

/** `customerId`, when given, narrows the scope to that customer's accounts (an agent's reads). */
export async function getExternalAccount(deps: ExternalAccountsDeps, tenant: Tenant, ownerKind: string, id: string, customerId?: string): Promise<ExternalAccountView> {
  const account = ofCustomer(await mustReadAccount(deps.sql, tenant, id, scopeOf(ownerKind)), customerId)
  return toExternalAccountView(account, deps.now(), deps.sealing.keyring)
}

/** For payments: the account, once money may move to or from it now (see assertUsable). */
export async function checkExternalAccountUsable(deps: ExternalAccountsDeps, tenant: Tenant, id: string): Promise<ExternalAccountView> {
  const account = await mustReadAccount(deps.sql, tenant, id, 'ANY')
  const now = deps.now()
  assertUsable(account, now)
  return toExternalAccountView(account, now, deps.sealing.keyring)
}

export interface ListExternalAccountsInput {
  ownerKind: string
  customerId?: string
  currency?: string
  /** 0 means the default. */
  limit: number
  cursor?: string
}

export type ExternalAccountPage = Page<ExternalAccountView>

/**
 * The tenant's customer-owned or platform-owned live accounts, newest first, one keyset page at a
 * time. An account whose number does not open (a ciphertext moved from another row) is left out
 * and logged, so one damaged row does not hide the others; reading it alone fails.
 */
export async function listExternalAccounts(deps: ExternalAccountsDeps, tenant: Tenant, input: ListExternalAccountsInput, logger: Logger): Promise<ExternalAccountPage> {
  const scope = scopeOf(input.ownerKind)
  if (scope === 'PLATFORM' && input.customerId) throw invalidInput([{ field: 'customerId', message: "is not a filter of the platform's own accounts" }])
  const limit = pageLimit(input.limit)
  const after = input.cursor ? decodeCursor(input.cursor) : undefined
  const filters: ExternalAccountFilters = { scope, customerId: input.customerId || undefined, currency: input.currency || undefined }
  const [records, totalCount] = await Promise.all([
    findExternalAccountPage(deps.db, tenant, filters, after, limit + 1),
    countExternalAccounts(deps.db, tenant, filters),
  ])
  const now = deps.now()
  const page = keysetPage(records, limit, totalCount, (record) => viewUnlessUnreadable(record, now, deps.sealing.keyring, logger, 'external account left out of a list'))
  return { ...page, data: page.data.filter((view) => view !== undefined) }
}
