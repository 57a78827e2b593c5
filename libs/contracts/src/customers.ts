import { z } from '@hono/zod-openapi'
import { IDEMPOTENCY_KEY_PATTERN, Identifier, listEnvelope, PaginationQuerySchema } from './common.js'
import * as f from './customer-fields.js'

export const AddressSchema = z
  .object({
    line1: f.Text(),
    line2: f.Text().optional(),
    city: f.Text().optional(),
    state: f.Text().optional(),
    postalCode: f.Text(32),
    country: f.CountryCode,
  })
  .openapi('Address')

const consentFields = {
  acceptedAt: f.Timestamp,
  ipAddress: f.IpAddress,
  termsVersion: f
    .Text(64)
    .openapi({ description: 'A version listed by GET /customers/end-user-terms', example: '2025-10-13' }),
  acceptanceMethod: f.AcceptanceMethod,
}

export const AgreementConsentSchema = z
  .object({
    type: f
      .Text(64)
      .openapi({ description: 'An agreement type listed by GET /customers/end-user-terms', example: 'SERVICE_END_USER_TERMS' }),
    ...consentFields,
  })
  .openapi('AgreementConsent')
export type AgreementConsent = z.output<typeof AgreementConsentSchema>

const EndUserTermsConsentSchema = z
  .object(consentFields)
  .openapi('EndUserTermsConsentRequest', { description: 'Deprecated: one agreementConsents entry of type SERVICE_END_USER_TERMS' })

/** Consents are collected on unregulated platforms only, one entry per agreement. */
const consentInput = {
  agreementConsents: z.array(AgreementConsentSchema).max(20).optional(),
  endUserTermsConsent: EndUserTermsConsentSchema.optional(),
}

const contactFields = {
  currencies: z.array(f.CurrencyCode).max(50).optional(),
  email: f.Email.optional(),
  phoneNumber: f.PhoneNumber.optional(),
  umaAddress: f.UmaAddress.optional(),
  address: AddressSchema.optional(),
}

const creationFields = {
  platformCustomerId: Identifier(255).optional().openapi({ example: '9f84e0c2a72c4fa' }),
  region: f.CountryCode.optional(),
}

const individualFields = {
  fullName: f.Text().optional().openapi({ example: 'John Michael Doe' }),
  birthDate: f.CalendarDate.optional(),
  nationality: f.CountryCode.optional(),
  idType: f.IdentificationType.optional(),
  countryOfIssuance: f.CountryCode.optional(),
  sourceOfFundsCategories: z.array(f.IndividualSourceOfFundsCategory).max(20).optional(),
  sourceOfFundsOtherDescription: f.Text(500).optional(),
  sourceOfWealthCategories: z.array(f.SourceOfWealthCategory).max(20).optional(),
  sourceOfWealthOtherDescription: f.Text(500).optional(),
  purposeOfAccount: f.PurposeOfAccount.optional(),
  purposeOfAccountOtherDescription: f.Text(500).optional(),
  expectedMonthlyTransactionCount: f.ExpectedMonthlyTransactionCount.optional(),
  expectedMonthlyTransactionVolume: f.ExpectedMonthlyTransactionVolume.optional(),
  annualIncomeRange: f.AnnualIncomeRange.optional(),
  netWorthRange: f.NetWorthRange.optional(),
  pepStatus: f.PepStatus.optional(),
}

/** Write-only: the individual's tax or identity number, kept for verification and never returned. */
const identifierField = { identifier: f.Text(64).optional().openapi({ writeOnly: true, example: '123-45-6789' }) }

const businessInfoFields = {
  legalName: f.Text().openapi({ example: 'Acme Corporation, Inc.' }),
  doingBusinessAs: f.Text().optional(),
  country: f.CountryCode,
  registrationNumber: f.Text(64).optional(),
  incorporatedOn: f.CalendarDate,
  entityType: f.EntityType.optional(),
  taxId: f.Text(64).openapi({ example: '47-1234567' }),
  countriesOfOperation: f.CountryList.optional(),
  businessType: f.BusinessType.optional(),
  purposeOfAccount: f.PurposeOfAccount.optional(),
  sourceOfFunds: f.Text(500).optional(),
  expectedMonthlyTransactionCount: f.ExpectedMonthlyTransactionCount.optional(),
  expectedMonthlyTransactionVolume: f.ExpectedMonthlyTransactionVolume.optional(),
  expectedRecipientJurisdictions: f.CountryList.optional(),
  naicsCode: z.string().regex(/^\d{2,6}$/).optional(),
  sourceOfFundsCategories: z.array(f.BusinessSourceOfFundsCategory).max(20).optional(),
  sourceOfFundsOtherDescription: f.Text(500).optional(),
  purposeOfAccountOtherDescription: f.Text(500).optional(),
  expectedCounterpartyCountries: f.CountryList.optional(),
  primaryContactFirstName: f.Text(250).optional(),
  primaryContactLastName: f.Text(250).optional(),
}

export const BusinessInfoSchema = z.object(businessInfoFields).openapi('BusinessInfo')
/** On update only the business details sent change. */
export const BusinessInfoUpdateSchema = BusinessInfoSchema.partial().openapi('BusinessInfoUpdate')
export const BusinessInfoResponseSchema = BusinessInfoSchema.partial()
  .required({ legalName: true })
  .openapi('BusinessInfoResponse')

const individual = z.literal('INDIVIDUAL')
const business = z.literal('BUSINESS')

export const CustomerCreateRequestSchema = z
  .discriminatedUnion('customerType', [
    z
      .object({
        customerType: individual,
        ...creationFields,
        ...contactFields,
        ...individualFields,
        ...identifierField,
        ...consentInput,
      })
      .openapi('IndividualCustomerCreateRequest'),
    z
      .object({
        customerType: business,
        ...creationFields,
        ...contactFields,
        businessInfo: BusinessInfoSchema,
        ...consentInput,
      })
      .openapi('BusinessCustomerCreateRequest'),
  ])
  .openapi('CustomerCreateRequest')

/** customerType is required and must be the customer's; platformCustomerId and region are fixed at creation. */
export const CustomerUpdateRequestSchema = z
  .discriminatedUnion('customerType', [
    z
      .object({ customerType: individual, ...contactFields, ...individualFields, ...identifierField, ...consentInput })
      .openapi('IndividualCustomerUpdateRequest'),
    z
      .object({
        customerType: business,
        ...contactFields,
        businessInfo: BusinessInfoUpdateSchema.optional(),
        ...consentInput,
      })
      .openapi('BusinessCustomerUpdateRequest'),
  ])
  .openapi('CustomerUpdateRequest')

const ContactVerificationStatus = z.enum(['PENDING', 'VERIFIED']).openapi('ContactVerificationStatus')

const ContactVerificationSchema = z
  .object({ email: ContactVerificationStatus.optional(), phone: ContactVerificationStatus.optional() })
  .openapi('ContactVerification', {
    description: "Only for customers whose verification provider requires it (EU regions); every channel shown must be VERIFIED before KYC",
  })

const customerFields = {
  id: z.string().openapi({ example: 'Customer:019542f5-b3e7-1d02-0000-000000000001' }),
  platformCustomerId: z.string().openapi({ description: 'As sent at creation, or system-generated' }),
  region: z.string().optional(),
  ...contactFields,
  umaAddress: z.string().openapi({ description: 'As sent, or system-generated', example: '$john.doe@uma.domain.com' }),
  agreementConsents: z
    .array(AgreementConsentSchema)
    .openapi({ description: 'The most recent acceptance of each agreement type; empty until the first acceptance' }),
  createdAt: f.Timestamp,
  updatedAt: f.Timestamp,
  isDeleted: z.boolean(),
  contactVerification: ContactVerificationSchema.optional(),
}

export const CustomerSchema = z
  .discriminatedUnion('customerType', [
    z
      .object({ customerType: individual, ...customerFields, kycStatus: f.KycStatus, ...individualFields })
      .openapi('IndividualCustomer'),
    z
      .object({
        customerType: business,
        ...customerFields,
        kybStatus: f.KybStatus,
        businessInfo: BusinessInfoResponseSchema.optional(),
      })
      .openapi('BusinessCustomer'),
  ])
  .openapi('Customer')

export type Customer = z.output<typeof CustomerSchema>

export const CustomerListSchema = listEnvelope(CustomerSchema, 'CustomerListResponse')
export type CustomerListJson = z.infer<typeof CustomerListSchema>

export const ListCustomersQuerySchema = PaginationQuerySchema.extend({
  platformCustomerId: Identifier(255).optional(),
  customerType: f.CustomerType.optional(),
  createdAfter: f.Timestamp.optional().openapi({ description: 'Created at or after' }),
  createdBefore: f.Timestamp.optional().openapi({ description: 'Created at or before' }),
  updatedAfter: f.Timestamp.optional().openapi({ description: 'Updated at or after' }),
  updatedBefore: f.Timestamp.optional().openapi({ description: 'Updated at or before' }),
  region: f.CountryCode.optional(),
  currency: f.CurrencyCode.optional().openapi({ description: 'Customers whose currencies include this code' }),
  umaAddress: z.string().max(255).optional(),
  isIncludingDeleted: z.stringbool().default(false).openapi({ type: 'boolean' }),
})

export const CustomerIdParamsSchema = z.object({
  customerId: Identifier()
    .openapi({ param: { name: 'customerId', in: 'path' }, example: 'Customer:019542f5-b3e7-1d02-0000-000000000001' }),
})

/** Hono hands headers to the validator with lower-case names. */
export const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN)
    .optional()
    .openapi({ description: 'A retry with the same key returns the first response' }),
})

const AgreementSchema = z.object({
  type: z.string().openapi({ example: 'SERVICE_END_USER_TERMS' }),
  version: z.string().openapi({ example: '2025-10-13' }),
  url: z.url(),
})

export const EndUserTermsSchema = z
  .object({
    version: z.string().openapi({ description: 'Current version of SERVICE_END_USER_TERMS', example: '2025-10-13' }),
    url: z.url().openapi({ description: 'Where SERVICE_END_USER_TERMS is hosted' }),
    agreements: z.array(AgreementSchema).openapi({ description: 'Every agreement the service supports, at its current version' }),
  })
  .openapi('EndUserTerms')
