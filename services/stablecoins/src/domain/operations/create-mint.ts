import { ApiError, invalidInput } from '@pp/errors'
import type { StablecoinsDeps } from '../deps.js'
import { createOnce } from '../idempotency.js'
import type { Leg } from '../types.js'
import { tenantOf, type Caller, type StablecoinRecord } from '../types.js'
import type { OperationView } from '../views.js'
import { amountsOf, operationIdFor, type OperationAmounts } from './amounts.js'
import { platformFiatAccount } from './fiat-account.js'
import { operableStablecoin } from './operable.js'
import { submitOperation } from './submit.js'

export interface MintFundingSource {
  type: string
  accountId?: string
  externalAccountId?: string
  sourceTokenIdentifier?: string
  cryptoNetwork?: string
}

export interface MintInput {
  stablecoinId: string
  amount: string
  fundingSource: MintFundingSource
  destinationAccountId: string
}

/** Funding the provider pulls itself (wires, debits) is not offered by this deployment. */
const PULLED_FUNDING = ['WIRE', 'ACH_DEBIT', 'SAME_DAY_ACH_DEBIT']

/**
 * A mint: the platform's fiat account in the token's base currency pays the provider (to the
 * SETTLEMENT account of that currency) and the tokens arrive in the stablecoin's holding account
 * (named by the stablecoin's id) from its issuance account, at the token's decimals.
 */
export function createMint(deps: StablecoinsDeps, caller: Caller, input: MintInput): Promise<OperationView> {
  const key = requiredKey(caller)
  return createOnce(deps, caller, 'CreateMint', input, async (call) => {
    const tenant = tenantOf(caller)
    const operable = await operableStablecoin(deps, tenant, input.stablecoinId)
    const { stablecoin } = operable
    const amounts = amountsOf(input.amount, stablecoin)
    const sourceAccountId = await fiatSource(deps, caller, stablecoin, input.fundingSource)
    if (input.destinationAccountId !== stablecoin.id) {
      throw new ApiError('ACCOUNT_NOT_FOUND', `Minted tokens go to the stablecoin's holding account, ${stablecoin.id}`, {
        field: 'destination.accountId',
        accountId: input.destinationAccountId,
      })
    }
    return submitOperation(deps, caller, call, {
      ...operable,
      operationId: operationIdFor(tenant, key),
      operationType: 'MINT',
      amounts,
      source: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: sourceAccountId },
      destination: { accountId: stablecoin.id },
      legs: mintLegs(stablecoin, sourceAccountId, amounts),
    })
  })
}

export function requiredKey(caller: Caller): string {
  if (caller.idempotencyKey === undefined) throw invalidInput([{ field: 'Idempotency-Key', message: 'is required' }])
  return caller.idempotencyKey
}

/** The platform's own active fiat account in the token's base currency. */
async function fiatSource(deps: StablecoinsDeps, caller: Caller, stablecoin: StablecoinRecord, source: MintFundingSource): Promise<string> {
  if (source.type === 'PROVIDER_INTERNAL_BALANCE') {
    throw new ApiError('STABLECOIN_PROVIDER_SOURCE_NOT_LINKED', 'No provider balance is linked to this provider account as a funding source')
  }
  if (PULLED_FUNDING.includes(source.type)) {
    throw new ApiError('STABLECOIN_OPERATION_NOT_SUPPORTED', `${source.type} funding is not supported; fund from a SERVICE_INTERNAL_ACCOUNT`, {
      field: 'fundingSource.type',
    })
  }
  return platformFiatAccount(deps, caller, stablecoin, source.accountId ?? '', 'fundingSource.accountId')
}

function mintLegs(stablecoin: StablecoinRecord, sourceAccountId: string, { amount, fiatAmount }: OperationAmounts): Leg[] {
  return [
    { debit: { accountId: sourceAccountId }, credit: { system: { kind: 'SETTLEMENT', currency: stablecoin.baseCurrency } }, currency: stablecoin.baseCurrency, amount: fiatAmount },
    { debit: { accountId: stablecoin.issuanceAccountId }, credit: { accountId: stablecoin.id }, currency: stablecoin.symbol, amount },
  ]
}
