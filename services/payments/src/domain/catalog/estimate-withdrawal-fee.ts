import { ApiError, invalidInput } from '@pp/errors'
import { hasAddressShape, isCryptoNetwork, CRYPTO_NETWORKS } from './crypto-networks.js'
import type { CatalogDeps } from './deps.js'
import type { CatalogCaller } from './types.js'

export interface WithdrawalFeeRequest {
  internalAccountId: string
  currency: string
  cryptoNetwork: string
  amount: bigint
  destinationAddress: string
}

export interface WithdrawalFeeEstimate {
  networkFee: bigint
  networkFeeAsset: string
  applicationFee: bigint
  totalFee: bigint
  netAmount: bigint
}

function checkShape(request: WithdrawalFeeRequest): void {
  const errors = []
  if (!isCryptoNetwork(request.cryptoNetwork)) {
    errors.push({ field: 'cryptoNetwork', message: 'not a supported network', constraint: { enum: [...CRYPTO_NETWORKS] } })
  } else if (!hasAddressShape(request.cryptoNetwork, request.destinationAddress)) {
    errors.push({ field: 'destinationAddress', message: `not a ${request.cryptoNetwork} address` })
  }
  if (request.amount <= 0n) errors.push({ field: 'amount', message: 'must be a positive integer in the smallest unit' })
  if (errors.length > 0) throw invalidInput(errors)
}

/**
 * What withdrawing `amount` from a crypto internal account costs: the network's fee in its own
 * asset, and in the withdrawn currency the total taken and what arrives. Prices only; nothing
 * is held or moved.
 */
export async function estimateWithdrawalFee(deps: CatalogDeps, caller: CatalogCaller, request: WithdrawalFeeRequest): Promise<WithdrawalFeeEstimate> {
  checkShape(request)
  const account = await deps.accounts.internalAccount(caller, request.internalAccountId)
  if (account.currency !== request.currency) {
    throw new ApiError('INVALID_CURRENCY', `The account holds ${account.currency}, not ${request.currency}`, {
      field: 'currency',
      accountCurrency: account.currency,
    })
  }
  const fee = await deps.catalog[caller.environment].networkFee(request.cryptoNetwork, request.currency)
  if (!fee) {
    throw new ApiError('INVALID_CURRENCY', `${request.currency} cannot be withdrawn on ${request.cryptoNetwork}`, {
      field: 'cryptoNetwork',
    })
  }
  const totalFee = fee.networkFeeInAsset + fee.applicationFee
  if (request.amount <= totalFee) {
    throw new ApiError('INVALID_AMOUNT', 'The fees would take the whole amount', { field: 'amount', totalFee: totalFee.toString() })
  }
  return {
    networkFee: fee.networkFee,
    networkFeeAsset: fee.networkFeeAsset,
    applicationFee: fee.applicationFee,
    totalFee,
    netAmount: request.amount - totalFee,
  }
}
