import type { Environment, OperationRecord, ProviderAccountRecord, StablecoinRecord } from './types.js'

/** The provider's environment follows the platform's: sandbox platforms use the provider's sandbox. */
export const providerEnvironmentOf = (environment: Environment): string => environment

export function providerAccountView(record: ProviderAccountRecord) {
  return {
    id: record.id,
    provider: record.provider,
    providerAccountId: record.providerAccountId,
    providerEnvironment: providerEnvironmentOf(record.environment),
    status: record.status,
    ...(record.lastVerifiedAt ? { lastVerifiedAt: record.lastVerifiedAt.toISOString() } : {}),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  }
}
export type ProviderAccountView = ReturnType<typeof providerAccountView>

/** `currency` appears once the token is a currency of the service's operations (ENABLED). */
export function stablecoinView(record: StablecoinRecord) {
  return {
    id: record.id,
    name: record.name,
    symbol: record.symbol,
    baseCurrency: record.baseCurrency,
    network: record.network,
    decimals: record.decimals,
    issuanceStatus: record.issuanceStatus,
    serviceOperationsStatus: record.operationsStatus,
    networkTokenIdentifier: record.networkTokenIdentifier,
    ...(record.operationsStatus === 'ENABLED' ? { currency: record.symbol } : {}),
    provider: record.provider,
    stablecoinProviderAccountId: record.providerAccountId,
    providerEnvironment: providerEnvironmentOf(record.environment),
    providerTokenIdentifier: record.providerTokenIdentifier,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  }
}
export type StablecoinView = ReturnType<typeof stablecoinView>

export function operationView(record: OperationRecord, stablecoin: Pick<StablecoinRecord, 'provider' | 'providerAccountId'>) {
  return {
    id: record.id,
    stablecoinId: record.stablecoinId,
    operationType: record.operationType,
    status: record.status,
    amount: record.amount.toString(),
    provider: stablecoin.provider,
    providerEnvironment: providerEnvironmentOf(record.environment),
    stablecoinProviderAccountId: stablecoin.providerAccountId,
    source: record.source,
    destination: record.destination,
    ...(record.providerStatus ? { providerStatus: record.providerStatus } : {}),
    ...(record.failureReason ? { failureReason: record.failureReason } : {}),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  }
}
export type OperationView = ReturnType<typeof operationView>
