import type { Environment } from '../types.js'

/** One environment's configuration, as stored. */
export interface EnvironmentConfigRow {
  id: string
  platformId: string
  environment: Environment
  umaDomain: string | null
  proxyUmaSubdomain: string | null
  webhookEndpoint: string | null
  skipVerificationPaperwork: boolean
  extendedWebhookTypes: boolean
  embeddedWalletConfig: unknown
  cardTokenization2faConfig: unknown
  createdAt: Date
  updatedAt: Date
}

/** A currency an environment enables, as stored. */
export interface CurrencyConfigRow {
  platformId: string
  environment: Environment
  currencyCode: string
  position: number
  minAmount: bigint
  maxAmount: bigint
  requiredCounterpartyFields: unknown
  enabledTransactionTypes: string[]
}

/** A fee an environment charges, as stored. */
export interface FeeConfigRow {
  platformId: string
  environment: Environment
  feeType: string
  sourceCurrency: string
  variableFeeBps: number
  fixedFeeAmount: bigint
  fixedFeeCurrency: string
}

/** A platform, as stored. */
export interface PlatformRow {
  name: string
  id: string
  isRegulatedFinancialInstitution: boolean
  createdAt: Date
}

/** One environment's configuration with its currencies, fees and platform, as db/ reads it. */
export interface ConfigRecord extends EnvironmentConfigRow {
  platform: PlatformRow
  currencies: CurrencyConfigRow[]
  fees: FeeConfigRow[]
}
