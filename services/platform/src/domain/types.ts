import type { ApiToken as ApiTokenJson, PlatformConfig as PlatformConfigJson } from '@pp/contracts'
import type { Permission } from '@pp/vocabulary'
import type { Tenant } from '@pp/tenancy'
import type { CustomerInfoFieldName } from './config/field-names.js'

/** The domain's own shapes; the rpc layer maps them to and from proto. */
export type { Environment, Tenant } from '@pp/tenancy'
export { PERMISSIONS, type Permission } from '@pp/vocabulary'

export interface ApiToken extends Tenant {
  id: string
  name: string
  permissions: Permission[]
  clientId: string
  createdAt: Date
  updatedAt: Date
}

/** A token as its creator sees it once: with the secret, which is never stored. */
export interface IssuedToken extends ApiToken {
  clientSecret: string
}

export interface CounterpartyFieldDefinition {
  name: string
  mandatory: boolean
}

export interface CurrencyConfig {
  currencyCode: string
  minAmount: bigint
  maxAmount: bigint
  requiredCounterpartyFields: CounterpartyFieldDefinition[]
  enabledTransactionTypes: string[]
}

export interface CurrencyConfigView extends CurrencyConfig {
  providerRequiredCustomerFields: CustomerInfoFieldName[]
}

export interface EmbeddedWalletConfig {
  appName?: string
  otpLength?: number
  alphanumeric?: boolean
  expirationSeconds?: number
  sendFromEmailAddress?: string
  sendFromEmailSenderName?: string
  replyToEmailAddress?: string
  logoUrl?: string
}

export interface CardTokenization2faConfig {
  displayName?: string
  logoUrl?: string
  email?: {
    fromAddress?: string
    fromName?: string
    replyToAddress?: string
    subject?: string
    bodyText?: string
  }
  sms?: { templateSid?: string; bodyText?: string }
}

export interface FeeConfig {
  feeType: string
  sourceCurrency: string
  variableFeeBps: number
  fixedFee: { amount: bigint; currency: string }
}

export interface PlatformConfig {
  id: string
  umaDomain?: string
  proxyUmaSubdomain?: string
  webhookEndpoint?: string
  supportedCurrencies: CurrencyConfigView[]
  isRegulatedFinancialInstitution: boolean
  skipVerificationPaperwork: boolean
  extendedWebhookTypes: boolean
  embeddedWalletConfig?: EmbeddedWalletConfig
  cardTokenization2faConfig?: CardTokenization2faConfig
  feeConfigs: FeeConfig[]
  createdAt: Date
  updatedAt: Date
}

/** The PlatformConfig as the API shows it: amounts as JSON numbers, times as ISO 8601 strings. */
export type PlatformConfigView = PlatformConfigJson

/** The ApiToken as the API shows it; the secret only in the answer that created the token. */
export type ApiTokenView = ApiTokenJson

/** A PATCH of the configuration: an absent field leaves the stored value unchanged. */
export interface ConfigUpdate {
  umaDomain?: string
  webhookEndpoint?: string
  supportedCurrencies?: CurrencyConfig[]
  embeddedWalletConfig?: EmbeddedWalletConfig
  cardTokenization2faConfig?: CardTokenization2faConfig
  feeConfigs?: FeeConfig[]
  skipVerificationPaperwork?: boolean
  extendedWebhookTypes?: boolean
}
