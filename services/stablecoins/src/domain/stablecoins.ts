import type { Page } from '@pp/paging'
import { inTransaction, sqlOf, storeAnswer, violatedUniqueIndex } from '@pp/db'
import { ApiError, invalidInput } from '@pp/errors'
import { newId } from '@pp/ids'
import { isSupportedCurrency } from '@pp/money'
import { findActiveProviderAccounts } from '../db/provider-accounts.db.js'
import { findClashingStablecoin, findStablecoin, findStablecoinPage, insertStablecoin } from '../db/stablecoins.db.js'
import { recordEvent } from '../events/outbox.js'
import type { StablecoinsDeps } from './deps.js'
import { createOnce } from './idempotency.js'
import { enumFilter, pageOf, type PageRequest } from './paging.js'
import { assertUsable, mustFindProviderAccount } from './provider-accounts.js'
import { ISSUANCE_STATUSES, NETWORKS, OPERATIONS_STATUSES, PROVIDERS, tenantOf, type Caller, type ProviderAccountRecord, type StablecoinRecord, type Tenant } from './types.js'
import { stablecoinView, type StablecoinView } from './views.js'

export interface RegisterInput {
  providerTokenIdentifier: string
  networkTokenIdentifier: string
  network: string
  providerAccountId?: string
}

const IDENTIFIER_LENGTH_MAX = 255
const PROVIDER: (typeof PROVIDERS)[number] = 'BRALE'

/**
 * Registers a token the provider created: the provider tells its name, symbol and decimals, the
 * ledger opens its holding and issuance accounts, and it starts NOT_ENABLED for operations.
 */
export function registerStablecoin(deps: StablecoinsDeps, caller: Caller, input: RegisterInput): Promise<StablecoinView> {
  assertRegisterInput(input)
  return createOnce(deps, caller, 'RegisterStablecoin', input, async (call) => {
    const tenant = tenantOf(caller)
    const account = assertUsable(await selectProviderAccount(deps, tenant, input.providerAccountId))
    const token = await deps.issuers[caller.environment].findToken({ providerAccountId: account.providerAccountId, ...input })
    const identifiers = { symbol: token.symbol, providerTokenIdentifier: input.providerTokenIdentifier, networkTokenIdentifier: input.networkTokenIdentifier }
    assertNoClash(await findClashingStablecoin(deps.db, tenant, identifiers), identifiers)
    const id = newId('Stablecoin')
    const { issuanceAccountId } = await deps.ledger.openTokenAccounts(caller, id, token.symbol)
    const now = deps.now()
    const record: StablecoinRecord = {
      id, ...tenant, providerAccountId: account.id, provider: account.provider, ...token, network: input.network,
      operationsStatus: 'NOT_ENABLED', networkTokenIdentifier: input.networkTokenIdentifier,
      providerTokenIdentifier: input.providerTokenIdentifier, issuanceAccountId, createdAt: now, updatedAt: now,
    }
    const view = stablecoinView(record)
    try {
      await inTransaction(deps.db, async (tx) => {
        await insertStablecoin(tx, record)
        await recordEvent(tx, caller, 'STABLECOIN.REGISTERED', view)
        if (call) await storeAnswer(sqlOf(tx), tenant, call, view, now)
      })
    } catch (err) {
      // a concurrent registration of the same token won the unique index
      const index = violatedUniqueIndex(err)
      if (index === 'stablecoins_symbol_key') throw symbolTaken(token.symbol)
      if (index === 'stablecoins_provider_token_key' || index === 'stablecoins_network_token_key') throw identifierTaken(identifiers)
      throw err
    }
    return view
  })
}

function assertRegisterInput(input: RegisterInput): void {
  enumFilter(input.network, NETWORKS, 'network')
  const errors = (['providerTokenIdentifier', 'networkTokenIdentifier'] as const)
    .filter((field) => input[field].length === 0 || input[field].length > IDENTIFIER_LENGTH_MAX)
    .map((field) => ({ field, message: `must be 1 to ${IDENTIFIER_LENGTH_MAX} characters` }))
  if (errors.length > 0) throw invalidInput(errors)
}

/** The named link, or the platform's one ACTIVE link of the provider when none is named. */
async function selectProviderAccount(deps: StablecoinsDeps, tenant: Tenant, id: string | undefined): Promise<ProviderAccountRecord> {
  if (id !== undefined) return mustFindProviderAccount(deps, tenant, id)
  const active = await findActiveProviderAccounts(deps.db, tenant, PROVIDER)
  if (active.length > 1) {
    throw new ApiError('STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED', 'Several provider account links are active: pass stablecoinProviderAccountId', {
      field: 'stablecoinProviderAccountId',
    })
  }
  const [only] = active
  if (!only) throw new ApiError('STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND', `No active ${PROVIDER} provider account link; link one first`)
  return only
}

type Identifiers = { symbol: string; providerTokenIdentifier: string; networkTokenIdentifier: string }

/** A symbol is the token's currency code in the ledger: neither another stablecoin's nor a currency of the service. */
function assertNoClash(existing: StablecoinRecord | undefined, wanted: Identifiers): void {
  if (isSupportedCurrency(wanted.symbol) || existing?.symbol === wanted.symbol) throw symbolTaken(wanted.symbol)
  if (existing) throw identifierTaken(wanted)
}

const symbolTaken = (symbol: string): ApiError =>
  new ApiError('STABLECOIN_SYMBOL_ALREADY_EXISTS', `The symbol ${symbol} is already registered`, { symbol })

const identifierTaken = ({ providerTokenIdentifier, networkTokenIdentifier }: Identifiers): ApiError =>
  new ApiError('STABLECOIN_TOKEN_IDENTIFIER_ALREADY_EXISTS', 'A stablecoin with this token identifier is already registered', {
    providerTokenIdentifier,
    networkTokenIdentifier,
  })

export async function mustFindStablecoin(deps: StablecoinsDeps, tenant: Tenant, id: string): Promise<StablecoinRecord> {
  const record = await findStablecoin(deps.db, tenant, id)
  if (!record) throw new ApiError('STABLECOIN_NOT_FOUND', `Stablecoin ${id} not found`, { stablecoinId: id })
  return record
}

export async function getStablecoin(deps: StablecoinsDeps, tenant: Tenant, id: string): Promise<StablecoinView> {
  return stablecoinView(await mustFindStablecoin(deps, tenant, id))
}

export interface ListStablecoinsInput extends PageRequest {
  issuanceStatus?: string
  serviceOperationsStatus?: string
  provider?: string
}

export function listStablecoins(deps: StablecoinsDeps, tenant: Tenant, input: ListStablecoinsInput): Promise<Page<StablecoinView>> {
  const filters = {
    issuanceStatus: enumFilter(input.issuanceStatus, ISSUANCE_STATUSES, 'issuanceStatus'),
    operationsStatus: enumFilter(input.serviceOperationsStatus, OPERATIONS_STATUSES, 'serviceOperationsStatus'),
    provider: enumFilter(input.provider, PROVIDERS, 'provider'),
  }
  return pageOf(input, (after, take) => findStablecoinPage(deps.db, tenant, filters, after, take), stablecoinView)
}
