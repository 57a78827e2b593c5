import type { Caller, Environment, Origin, Tenant } from '@pp/tenancy'

export type { Caller, Environment, Origin, Tenant }
export { tenantOf } from '@pp/tenancy'

export const PROVIDERS = ['BRALE'] as const
export type Provider = (typeof PROVIDERS)[number]

export const PROVIDER_ACCOUNT_STATUSES = ['ACTIVE', 'INVALID', 'REVOKED'] as const
export type ProviderAccountStatus = (typeof PROVIDER_ACCOUNT_STATUSES)[number]

export const NETWORKS = ['SPARK'] as const

export const ISSUANCE_STATUSES = ['PENDING_REVIEW', 'PROVISIONING', 'PROVISIONED', 'REJECTED', 'FAILED'] as const
export type IssuanceStatus = (typeof ISSUANCE_STATUSES)[number]

export const OPERATIONS_STATUSES = ['NOT_ENABLED', 'PENDING_APPROVAL', 'ENABLING', 'ENABLED', 'DISABLED'] as const
export type OperationsStatus = (typeof OPERATIONS_STATUSES)[number]

export const OPERATION_TYPES = ['MINT', 'BURN'] as const
export type OperationType = (typeof OPERATION_TYPES)[number]

export interface ProviderAccountRecord extends Tenant {
  id: string
  provider: string
  providerAccountId: string
  apiClientId: string
  status: string
  lastVerifiedAt: Date | null
  createdAt: Date
  updatedAt: Date
}

export interface StablecoinRecord extends Tenant {
  id: string
  providerAccountId: string
  provider: string
  name: string
  symbol: string
  baseCurrency: string
  network: string
  decimals: number
  issuanceStatus: string
  operationsStatus: string
  networkTokenIdentifier: string
  providerTokenIdentifier: string
  issuanceAccountId: string
  createdAt: Date
  updatedAt: Date
}

export interface OperationRecord extends Tenant {
  id: string
  stablecoinId: string
  operationType: string
  status: string
  amount: bigint
  fiatAmount: bigint
  source: Record<string, string>
  destination: Record<string, string>
  /** What the operation's ledger hold moves. */
  legs: Leg[]
  providerStatus: string | null
  failureReason: string | null
  createdAt: Date
  updatedAt: Date
}

/** An account by id, or a tenant's system account of a kind and currency. */
export type AccountRef = { accountId: string } | { system: { kind: 'FUNDING' | 'SETTLEMENT'; currency: string } }

export interface Leg {
  debit: AccountRef
  credit: AccountRef
  currency: string
  amount: bigint
}
