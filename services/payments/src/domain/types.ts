import type { CallContext, Environment } from '@pp/grpc'
import type { ExternalAccount } from '@pp/proto/ledger/v1/external_accounts'

/** The platform and environment every row belongs to. */
export interface Tenant {
  platformId: string
  environment: Environment
}

export const tenantOf = (ctx: Tenant): Tenant => ({ platformId: ctx.platformId, environment: ctx.environment })

/** The context of an incoming call, passed on to the services payments calls. */
export type Caller = CallContext

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
