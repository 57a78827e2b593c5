import { ApiError } from '@pp/errors'
import type { StablecoinsDeps } from '../deps.js'
import { assertUsable, mustFindProviderAccount } from '../provider-accounts.js'
import { mustFindStablecoin } from '../stablecoins.js'
import type { ProviderAccountRecord, StablecoinRecord, Tenant } from '../types.js'

export interface Operable {
  stablecoin: StablecoinRecord
  account: ProviderAccountRecord
}

/** A stablecoin that may be minted or burned now: its link usable, the token provisioned and ENABLED. */
export async function operableStablecoin(deps: StablecoinsDeps, tenant: Tenant, stablecoinId: string): Promise<Operable> {
  const stablecoin = await mustFindStablecoin(deps, tenant, stablecoinId)
  const account = assertUsable(await mustFindProviderAccount(deps, tenant, stablecoin.providerAccountId))
  const details = { stablecoinId, issuanceStatus: stablecoin.issuanceStatus, serviceOperationsStatus: stablecoin.operationsStatus }
  if (stablecoin.issuanceStatus !== 'PROVISIONED') {
    throw new ApiError('STABLECOIN_NOT_PROVISIONED', `Stablecoin ${stablecoinId} is not provisioned at the provider`, details)
  }
  if (stablecoin.operationsStatus !== 'ENABLED') {
    throw new ApiError('STABLECOIN_SERVICE_OPERATIONS_NOT_ENABLED', `Stablecoin ${stablecoinId} is ${stablecoin.operationsStatus}, not ENABLED for operations`, details)
  }
  return { stablecoin, account }
}
