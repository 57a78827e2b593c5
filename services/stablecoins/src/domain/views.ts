import type { ProviderAccount, Stablecoin, StablecoinOperation } from '@pp/contracts'
import type { Environment, OperationRecord, ProviderAccountRecord, StablecoinRecord } from './types.js'

// The records keep providers, networks, statuses and operation types as strings: this service
// writes them only from its own lists in types.ts (and the provider's answers it maps onto them),
// which are the contract's values, so the views narrow them.

export type ProviderAccountView = ProviderAccount
export type StablecoinView = Stablecoin
export type OperationView = StablecoinOperation

/** The provider's environment follows the platform's: sandbox platforms use the provider's sandbox. */
export const providerEnvironmentOf = (environment: Environment): Environment => environment

export function providerAccountView(record: ProviderAccountRecord): ProviderAccountView {
  return {
    id: record.id,
    provider: record.provider as ProviderAccountView['provider'],
    providerAccountId: record.providerAccountId,
    providerEnvironment: providerEnvironmentOf(record.environment),
    status: record.status as ProviderAccountView['status'],
    ...(record.lastVerifiedAt ? { lastVerifiedAt: record.lastVerifiedAt.toISOString() } : {}),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  }
}

/** `currency` appears once the token is a currency of the service's operations (ENABLED). */
export function stablecoinView(record: StablecoinRecord): StablecoinView {
  return {
    id: record.id,
    name: record.name,
    symbol: record.symbol,
    baseCurrency: record.baseCurrency,
    network: record.network as StablecoinView['network'],
    decimals: record.decimals,
    issuanceStatus: record.issuanceStatus as StablecoinView['issuanceStatus'],
    serviceOperationsStatus: record.operationsStatus as StablecoinView['serviceOperationsStatus'],
    networkTokenIdentifier: record.networkTokenIdentifier,
    ...(record.operationsStatus === 'ENABLED' ? { currency: record.symbol } : {}),
    provider: record.provider as StablecoinView['provider'],
    stablecoinProviderAccountId: record.providerAccountId,
    providerEnvironment: providerEnvironmentOf(record.environment),
    providerTokenIdentifier: record.providerTokenIdentifier,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  }
}

/** The source and destination are stored as the operation's create built them, in the contract's shape. */
export function operationView(record: OperationRecord, stablecoin: Pick<StablecoinRecord, 'provider' | 'providerAccountId'>): OperationView {
  return {
    id: record.id,
    stablecoinId: record.stablecoinId,
    operationType: record.operationType as OperationView['operationType'],
    status: record.status as OperationView['status'],
    amount: record.amount.toString(),
    provider: stablecoin.provider as OperationView['provider'],
    providerEnvironment: providerEnvironmentOf(record.environment),
    stablecoinProviderAccountId: stablecoin.providerAccountId,
    source: record.source as OperationView['source'],
    destination: record.destination as OperationView['destination'],
    ...(record.providerStatus ? { providerStatus: record.providerStatus } : {}),
    ...(record.failureReason ? { failureReason: record.failureReason } : {}),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  }
}
