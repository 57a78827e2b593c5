import { ApiError, isApiError } from '@pp/errors'
import type { StablecoinsDeps } from '../deps.js'
import { createOnce } from '../idempotency.js'
import type { Leg } from '../types.js'
import { tenantOf, type Caller, type ProviderAccountRecord, type StablecoinRecord } from '../types.js'
import type { OperationView } from '../views.js'
import { amountsOf, operationIdFor } from './amounts.js'
import { requiredKey } from './create-mint.js'
import { platformFiatAccount } from './fiat-account.js'
import { operableStablecoin, type Operable } from './operable.js'
import { submitOperation } from './submit.js'

export interface BurnInput {
  stablecoinId: string
  amount: string
  source: { type: string; accountId?: string }
  destination: { type: string; externalAccountId?: string; rail?: string; accountId?: string }
}

/** The burn rails and the external account's payment rails that carry them. */
const RAIL_OF: Record<string, string> = { WIRE: 'WIRE', ACH_CREDIT: 'ACH', SAME_DAY_ACH_CREDIT: 'ACH', RTP_CREDIT: 'RTP' }

/**
 * A burn: tokens leave the stablecoin's holding account for its issuance account, and their
 * base-currency value goes to the destination: the platform's fiat account at the service (from
 * the base currency's SETTLEMENT account, the reverse of a mint), or, paid out by the provider
 * directly, the platform's own bank account on the rail asked.
 */
export function createBurn(deps: StablecoinsDeps, caller: Caller, input: BurnInput): Promise<OperationView> {
  const key = requiredKey(caller)
  return createOnce(deps, caller, 'CreateBurn', input, async (call) => {
    const tenant = tenantOf(caller)
    const operable = await operableStablecoin(deps, tenant, input.stablecoinId)
    const { stablecoin } = operable
    const amounts = amountsOf(input.amount, stablecoin)
    assertHoldingSource(stablecoin, input.source)
    const tokenLeg: Leg = { debit: { accountId: stablecoin.id }, credit: { accountId: stablecoin.issuanceAccountId }, currency: stablecoin.symbol, amount: amounts.amount }
    const { destination, legs } = await payoutOf(deps, caller, operable, input.destination, amounts.fiatAmount)
    return submitOperation(deps, caller, call, {
      ...operable,
      operationId: operationIdFor(tenant, key),
      operationType: 'BURN',
      amounts,
      source: { type: input.source.type, accountId: stablecoin.id },
      destination,
      legs: [tokenLeg, ...legs],
    })
  })
}

/** Where the value goes, as the operation shows it, and the fiat legs that take it there. */
async function payoutOf(
  deps: StablecoinsDeps, caller: Caller, { stablecoin, account }: Operable, destination: BurnInput['destination'], fiatAmount: bigint,
): Promise<{ destination: Record<string, string>; legs: Leg[] }> {
  if (destination.type === 'SERVICE_INTERNAL_ACCOUNT') {
    const accountId = await platformFiatAccount(deps, caller, stablecoin, destination.accountId ?? '', 'destination.accountId')
    const settlement = { system: { kind: 'SETTLEMENT' as const, currency: stablecoin.baseCurrency } }
    return { destination: { accountId }, legs: [{ debit: settlement, credit: { accountId }, currency: stablecoin.baseCurrency, amount: fiatAmount }] }
  }
  const externalAccountId = destination.externalAccountId ?? ''
  const rail = destination.rail ?? ''
  await linkPayoutAccount(deps, caller, stablecoin, account, externalAccountId, rail)
  return { destination: { accountId: externalAccountId, rail }, legs: [] }
}

/** Only tokens in the service's custody (the stablecoin's holding account) can be burned here. */
function assertHoldingSource(stablecoin: StablecoinRecord, source: BurnInput['source']): void {
  if (source.type === 'PROVIDER_INTERNAL_BALANCE') {
    throw new ApiError('STABLECOIN_PROVIDER_SOURCE_NOT_LINKED', 'No provider balance is linked to this provider account as a burn source')
  }
  if (source.type !== 'SERVICE_INTERNAL_ACCOUNT' || source.accountId !== stablecoin.id) {
    throw new ApiError('STABLECOIN_BURN_SOURCE_NOT_SUPPORTED', `Burns draw on the stablecoin's holding account, ${stablecoin.id}`, {
      field: 'source',
      sourceType: source.type,
    })
  }
}

/** The platform's own bank account in the base currency, reachable on the rail, linked at the provider. */
async function linkPayoutAccount(
  deps: StablecoinsDeps, caller: Caller, stablecoin: StablecoinRecord, account: ProviderAccountRecord, externalAccountId: string, rail: string,
): Promise<void> {
  const facts = await deps.ledger.externalAccount(caller, externalAccountId).catch((err: unknown) => {
    if (isApiError(err) && err.code === 'ACCOUNT_NOT_FOUND') {
      throw new ApiError('STABLECOIN_EXTERNAL_ACCOUNT_NOT_FOUND', `External account ${externalAccountId} not found`, { externalAccountId })
    }
    throw err
  })
  if (facts.customerId !== undefined || facts.currency !== stablecoin.baseCurrency) {
    throw new ApiError(
      'STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED',
      `Burn proceeds go to one of the platform's own ${stablecoin.baseCurrency} bank accounts`,
      { externalAccountId },
    )
  }
  if (!facts.paymentRails.includes(RAIL_OF[rail] ?? rail)) {
    throw new ApiError('STABLECOIN_EXTERNAL_ACCOUNT_LINK_METHOD_REQUIRED', `External account ${externalAccountId} cannot be paid by ${rail}`, {
      externalAccountId,
      rail,
    })
  }
  await deps.issuers[caller.environment].linkPayoutAccount({
    providerAccountId: account.providerAccountId,
    externalAccountId,
    accountNumber: facts.accountNumber,
    rail,
  })
}
