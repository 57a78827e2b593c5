export { tenantOf, type Caller, type Environment, type Tenant } from '@pp/tenancy'

/** What never changes about an internal account: its holder (none for the platform's own), type and currency. */
export interface InternalAccountFacts {
  id: string
  type: string
  currency: string
  customerId?: string
}

/** An internal account as it is now: unlike its facts, its status changes. */
export interface InternalAccountState {
  id: string
  type: string
  status: string
}

/** How an external account is reached: the rails that pay it, and its identifiers (which ones depends on its type). */
export interface ExternalAccountInfo {
  /** US_ACCOUNT, EUR_ACCOUNT...: with the currency, the corridor a production rail serves. */
  accountType?: string
  paymentRails: string[]
  iban?: string
  clabeNumber?: string
  accountNumber?: string
  pixKey?: string
  vpa?: string
  phoneNumber?: string
  lightningAddress?: string
  address?: string
  invoice?: string
  bolt12?: string
}

export interface ExternalAccount {
  currency: string
  /** Unset for the platform's own accounts. */
  customerId?: string
  accountInfo?: ExternalAccountInfo
}

/** What a bank file needs to credit a US or EUR IBAN bank account (the ledger's GetPayoutBankDetails). */
export interface PayoutBankDetails {
  accountType: string
  routingNumber: string
  accountNumber: string
  accountKind: 'CHECKING' | 'SAVINGS'
  beneficiaryType: 'INDIVIDUAL' | 'BUSINESS'
  beneficiaryName: string
  /** A EUR IBAN account's IBAN and its bank's BIC, when it names one. */
  iban?: string
  swiftCode?: string
}

export interface ExternalAccountFacts {
  account: ExternalAccount
  isOwnershipVerified: boolean
}

/** The ledger's codes of the transfers payments makes: a payment, and the correction that reverses one. */
export type TransferCode = 'PAYMENT' | 'CORRECTION'

export interface CustomerFacts {
  id: string
  platformCustomerId: string
  /** Agreement types the customer has accepted. */
  agreementTypes: string[]
  /** Its payments wait for a strong customer authentication (the customers service's region rule). */
  isScaRequired: boolean
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
