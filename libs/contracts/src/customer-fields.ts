import { isIP } from 'node:net'
import { z } from '@hono/zod-openapi'
import { KYC_STATUSES } from '@pp/vocabulary'

/**
 * The building blocks of the customer schemas: named formats the spec's field errors report
 * (`constraint.format`), and the reference's enumerations.
 */
const namedFormat = (format: string, pattern: RegExp) =>
  z.stringFormat(format, pattern).openapi({ format, pattern: pattern.source })

export const CountryCode = namedFormat('iso3166-1-alpha-2', /^[A-Z]{2}$/).openapi({ example: 'US' })
export const PhoneNumber = namedFormat('e.164', /^\+[1-9]\d{1,14}$/).openapi({ example: '+14155551234' })
export const CurrencyCode = z.string().regex(/^[A-Z0-9]{3,10}$/).openapi({ example: 'USD' })
export const UmaAddress = z
  .string()
  .max(255)
  .regex(/^\$[\w.+-]+@[\w.-]+\.[a-zA-Z]{2,}$/)
  .openapi({ example: '$john.doe@uma.domain.com' })
export const Email = z.email().max(254).openapi({ example: 'john.doe@example.com' })
// Postgres has no year 0: a date or an instant (in UTC) before year 1 is refused before it reaches
// a query (a malformed one is the format's to report)
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z')
const FROM_YEAR_ONE = 'Must be in year 1 or later'
export const CalendarDate = z.iso
  .date()
  .refine((value) => !value.startsWith('0000'), FROM_YEAR_ONE)
  .openapi({ example: '1990-01-15' })
export const Timestamp = z.iso
  .datetime({ offset: true })
  .refine((value) => !(Date.parse(value) < FIRST_INSTANT), FROM_YEAR_ONE)
  .openapi({ example: '2025-10-14T10:00:00Z' })
export const IpAddress = z
  .stringFormat('ip', (value) => value.length <= 45 && isIP(value) !== 0)
  .openapi({ format: 'ip', maxLength: 45, example: '198.51.100.24' })

/** A free-text field of a customer record. */
export const Text = (maxLength = 255) => z.string().min(1).max(maxLength)

export const CountryList = z.array(CountryCode).max(250)

export const CustomerType = z.enum(['INDIVIDUAL', 'BUSINESS']).openapi('CustomerType')
export const KycStatus = z.enum(KYC_STATUSES).openapi('KycStatus')
export const KybStatus = z.enum(KYC_STATUSES).openapi('KybStatus')
export const AcceptanceMethod = z.enum(['CHECKBOX', 'CLICK_TO_ACCEPT']).openapi('EndUserTermsAcceptanceMethod')
export const IdentificationType = z.enum(['SSN', 'ITIN', 'EIN', 'NON_US_TAX_ID']).openapi('IdentificationType')

export const IndividualSourceOfFundsCategory = z
  .enum([
    'SALARY', 'SELF_EMPLOYMENT_INCOME', 'INVESTMENT_INCOME', 'PENSION', 'RENTAL_INCOME', 'GIFT', 'INHERITANCE', 'LOAN',
    'SAVINGS', 'SALE_OF_ASSETS', 'OTHER',
  ])
  .openapi('IndividualSourceOfFundsCategory')
export const SourceOfWealthCategory = z
  .enum(['SALARY', 'BUSINESS_INCOME', 'INVESTMENTS', 'INHERITANCE', 'PROPERTY_SALE', 'GIFT', 'RETIREMENT', 'SAVINGS', 'OTHER'])
  .openapi('SourceOfWealthCategory')
export const PurposeOfAccount = z
  .enum([
    'CONTRACTOR_PAYOUTS', 'CREATOR_PAYOUTS', 'EMPLOYEE_PAYOUTS', 'MARKETPLACE_SELLER_PAYOUTS', 'SUPPLIER_PAYMENTS',
    'CROSS_BORDER_B2B', 'AR_AUTOMATION', 'AP_AUTOMATION', 'EMBEDDED_PAYMENTS', 'PLATFORM_FEE_COLLECTION',
    'P2P_TRANSFERS', 'CHARITABLE_DONATIONS', 'OTHER',
  ])
  .openapi('PurposeOfAccount')
export const ExpectedMonthlyTransactionCount = z
  .enum(['COUNT_UNDER_10', 'COUNT_10_TO_100', 'COUNT_100_TO_500', 'COUNT_500_TO_1000', 'COUNT_OVER_1000'])
  .openapi('ExpectedMonthlyTransactionCount')
export const ExpectedMonthlyTransactionVolume = z
  .enum(['VOLUME_UNDER_10K', 'VOLUME_10K_TO_100K', 'VOLUME_100K_TO_1M', 'VOLUME_1M_TO_10M', 'VOLUME_OVER_10M'])
  .openapi('ExpectedMonthlyTransactionVolume')
export const AnnualIncomeRange = z
  .enum(['UNDER_50K', 'RANGE_50K_100K', 'RANGE_100K_250K', 'RANGE_250K_1M', 'OVER_1M'])
  .openapi('AnnualIncomeRange')
export const NetWorthRange = z
  .enum(['UNDER_100K', 'RANGE_100K_500K', 'RANGE_500K_1M', 'RANGE_1M_5M', 'RANGE_5M_25M', 'OVER_25M'])
  .openapi('NetWorthRange')
export const PepStatus = z.enum(['NONE', 'DOMESTIC', 'FOREIGN', 'HIO', 'FAMILY_OR_ASSOCIATE']).openapi('PepStatus')
export const EntityType = z
  .enum([
    'SOLE_PROPRIETORSHIP', 'PARTNERSHIP', 'LLC', 'CORPORATION', 'S_CORPORATION', 'NON_PROFIT', 'PUBLICLY_LISTED_COMPANY',
    'TRUST', 'PRIVATE_FOUNDATION', 'CHARITY', 'OTHER',
  ])
  .openapi('EntityType')
export const BusinessType = z
  .enum([
    'AGRICULTURE_FORESTRY_FISHING_AND_HUNTING', 'MINING_QUARRYING_AND_OIL_AND_GAS_EXTRACTION', 'UTILITIES',
    'CONSTRUCTION', 'MANUFACTURING', 'WHOLESALE_TRADE', 'RETAIL_TRADE', 'TRANSPORTATION_AND_WAREHOUSING',
    'INFORMATION', 'FINANCE_AND_INSURANCE', 'REAL_ESTATE_AND_RENTAL_AND_LEASING',
    'PROFESSIONAL_SCIENTIFIC_AND_TECHNICAL_SERVICES', 'MANAGEMENT_OF_COMPANIES_AND_ENTERPRISES',
    'ADMINISTRATIVE_AND_SUPPORT_AND_WASTE_MANAGEMENT_AND_REMEDIATION_SERVICES', 'EDUCATIONAL_SERVICES',
    'HEALTH_CARE_AND_SOCIAL_ASSISTANCE', 'ARTS_ENTERTAINMENT_AND_RECREATION', 'ACCOMMODATION_AND_FOOD_SERVICES',
    'OTHER_SERVICES', 'PUBLIC_ADMINISTRATION',
  ])
  .openapi('BusinessType')
export const BusinessSourceOfFundsCategory = z
  .enum(['OPERATING_REVENUE', 'INVESTMENT_INCOME', 'LOANS', 'VENTURE_CAPITAL', 'PERSONAL_SAVINGS', 'DONATIONS', 'OTHER'])
  .openapi('SourceOfFundsCategory')
