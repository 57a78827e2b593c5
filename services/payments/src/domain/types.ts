import type { ExternalAccount } from '@pp/proto/ledger/v1/external_accounts'

export { tenantOf, type Caller, type Environment, type Tenant } from '@pp/tenancy'

/** What never changes about an internal account: its holder (none for the platform's own), type and currency. */
export interface InternalAccountFacts {
  id: string
  type: string
  currency: string
  customerId?: string
}

export interface ExternalAccountFacts {
  account: ExternalAccount
  isOwnershipVerified: boolean
}

export interface CustomerFacts {
  id: string
  platformCustomerId: string
  /** Agreement types the customer has accepted. */
  agreementTypes: string[]
}

export interface PlatformFeeConfig {
  feeType: string
  sourceCurrency: string
  variableFeeBps: number
  fixedFee: bigint
}

export interface PlatformFacts {
  isRegulatedFinancialInstitution: boolean
  feeConfigs: PlatformFeeConfig[]
}
