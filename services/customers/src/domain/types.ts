import type { AgreementConsent, Customer } from '@pp/contracts'
import type { KycStatus } from '@pp/vocabulary'

export { tenantOf, type Caller, type Environment, type Tenant } from '@pp/tenancy'

export const CUSTOMER_TYPES = ['INDIVIDUAL', 'BUSINESS'] as const
export type CustomerType = (typeof CUSTOMER_TYPES)[number]

/** The reference's KycStatus and KybStatus share these values. */
export type VerificationStatus = KycStatus

export const ACCEPTANCE_METHODS = ['CHECKBOX', 'CLICK_TO_ACCEPT'] as const
export type AcceptanceMethod = (typeof ACCEPTANCE_METHODS)[number]

export interface Address {
  line1: string
  line2?: string
  city?: string
  state?: string
  postalCode: string
  country: string
}

export interface BusinessInfo {
  legalName?: string
  doingBusinessAs?: string
  country?: string
  registrationNumber?: string
  incorporatedOn?: string
  entityType?: string
  taxId?: string
  countriesOfOperation?: string[]
  businessType?: string
  purposeOfAccount?: string
  sourceOfFunds?: string
  expectedMonthlyTransactionCount?: string
  expectedMonthlyTransactionVolume?: string
  expectedRecipientJurisdictions?: string[]
  naicsCode?: string
  sourceOfFundsCategories?: string[]
  sourceOfFundsOtherDescription?: string
  purposeOfAccountOtherDescription?: string
  expectedCounterpartyCountries?: string[]
  primaryContactFirstName?: string
  primaryContactLastName?: string
}

/** An individual's due-diligence answers, kept together as one document. */
export interface DueDiligence {
  sourceOfFundsCategories?: string[]
  sourceOfFundsOtherDescription?: string
  sourceOfWealthCategories?: string[]
  sourceOfWealthOtherDescription?: string
  purposeOfAccount?: string
  purposeOfAccountOtherDescription?: string
  expectedMonthlyTransactionCount?: string
  expectedMonthlyTransactionVolume?: string
  annualIncomeRange?: string
  netWorthRange?: string
  pepStatus?: string
}

/**
 * The writable fields of a customer. Unset fields, and empty lists, are "not sent": an update
 * changes only what it carries.
 */
export interface CustomerProfile extends DueDiligence {
  platformCustomerId?: string
  region?: string
  currencies?: string[]
  email?: string
  phoneNumber?: string
  umaAddress?: string
  address?: Address
  fullName?: string
  birthDate?: string
  nationality?: string
  idType?: string
  /** Write-only: kept for verification, never shown. */
  identifier?: string
  countryOfIssuance?: string
  businessInfo?: BusinessInfo
}

/** One acceptance as a caller sends it; strings are checked by the consent rules. */
export interface ConsentInput {
  type: string
  acceptedAt?: Date
  ipAddress: string
  termsVersion: string
  acceptanceMethod: string
}

/** The deprecated `endUserTermsConsent`: a ConsentInput without its type. */
export type LegacyConsentInput = Omit<ConsentInput, 'type'>

export interface ConsentFields {
  agreementConsents: ConsentInput[]
  endUserTermsConsent?: LegacyConsentInput
}

export type ConsentView = AgreementConsent

/** A customer as the API shows it (and as events carry it). */
export type CustomerView = Customer
