import type { Page } from '@pp/paging'
import { inTransaction, sqlOf, storeAnswer } from '@pp/db'
import { ApiError, invalidInput } from '@pp/errors'
import { newId } from '@pp/ids'
import { findProviderAccount, findProviderAccountPage, insertProviderAccount } from '../db/provider-accounts.db.js'
import type { StablecoinsDeps } from './deps.js'
import { createOnce } from './idempotency.js'
import { enumFilter, pageOf, type PageRequest } from './paging.js'
import { PROVIDER_ACCOUNT_STATUSES, PROVIDERS, tenantOf, type Caller, type ProviderAccountRecord, type Tenant } from './types.js'
import { providerAccountView, type ProviderAccountView } from './views.js'

export interface LinkInput {
  provider: string
  apiClientId: string
  apiClientSecret: string
  providerAccountId?: string
}

const CREDENTIAL_LENGTH_MAX = 512

/**
 * Links the platform's provider account: the provider checks the credentials now, and the link
 * keeps what it said (ACTIVE, INVALID or REVOKED); the secret itself is not kept.
 */
export function linkProviderAccount(deps: StablecoinsDeps, caller: Caller, input: LinkInput): Promise<ProviderAccountView> {
  assertLinkInput(input)
  // the fingerprint covers the secret, so a retry must carry the same one
  return createOnce(deps, caller, 'LinkProviderAccount', input, async (call) => {
    const tenant = tenantOf(caller)
    const check = await deps.issuers[caller.environment].verifyCredentials(input)
    const now = deps.now()
    const record: ProviderAccountRecord = {
      id: newId('StablecoinProviderAccount'),
      ...tenant,
      provider: input.provider,
      providerAccountId: check.providerAccountId,
      apiClientId: input.apiClientId,
      status: check.status,
      lastVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    }
    const view = providerAccountView(record)
    await inTransaction(deps.db, async (tx) => {
      await insertProviderAccount(tx, record)
      if (call) await storeAnswer(sqlOf(tx), tenant, call, view, now)
    })
    return view
  })
}

function assertLinkInput(input: LinkInput): void {
  enumFilter(input.provider, PROVIDERS, 'provider')
  const errors = (['apiClientId', 'apiClientSecret'] as const)
    .filter((field) => input[field].length === 0 || input[field].length > CREDENTIAL_LENGTH_MAX)
    .map((field) => ({ field, message: `must be 1 to ${CREDENTIAL_LENGTH_MAX} characters` }))
  if (errors.length > 0) throw invalidInput(errors)
}

export async function getProviderAccount(deps: StablecoinsDeps, tenant: Tenant, id: string): Promise<ProviderAccountView> {
  return providerAccountView(await mustFindProviderAccount(deps, tenant, id))
}

export async function mustFindProviderAccount(deps: StablecoinsDeps, tenant: Tenant, id: string): Promise<ProviderAccountRecord> {
  const record = await findProviderAccount(deps.db, tenant, id)
  if (!record) throw new ApiError('STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND', `Stablecoin provider account ${id} not found`, { stablecoinProviderAccountId: id })
  return record
}

/** A link the provider no longer honours cannot register or operate a stablecoin. */
export function assertUsable(account: ProviderAccountRecord): ProviderAccountRecord {
  const details = { stablecoinProviderAccountId: account.id }
  if (account.status === 'INVALID') throw new ApiError('STABLECOIN_PROVIDER_ACCOUNT_INVALID', `Provider account link ${account.id} is not usable`, details)
  if (account.status === 'REVOKED') throw new ApiError('STABLECOIN_PROVIDER_ACCOUNT_REVOKED', `Provider account link ${account.id} was revoked`, details)
  return account
}

export interface ListProviderAccountsInput extends PageRequest {
  provider?: string
  status?: string
}

export function listProviderAccounts(deps: StablecoinsDeps, tenant: Tenant, input: ListProviderAccountsInput): Promise<Page<ProviderAccountView>> {
  const filters = { provider: enumFilter(input.provider, PROVIDERS, 'provider'), status: enumFilter(input.status, PROVIDER_ACCOUNT_STATUSES, 'status') }
  return pageOf(input, (after, take) => findProviderAccountPage(deps.db, tenant, filters, after, take), providerAccountView)
}
