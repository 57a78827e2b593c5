import { invalidInput, type FieldError } from '@pp/errors'
import { CUSTOMER_TYPES, type CustomerProfile, type CustomerType } from '../types.js'

/** Fields only an individual has; a business carries its details in businessInfo. */
const INDIVIDUAL_FIELDS = [
  'fullName', 'birthDate', 'nationality', 'idType', 'identifier', 'countryOfIssuance',
  'sourceOfFundsCategories', 'sourceOfFundsOtherDescription', 'sourceOfWealthCategories',
  'sourceOfWealthOtherDescription', 'purposeOfAccount', 'purposeOfAccountOtherDescription',
  'expectedMonthlyTransactionCount', 'expectedMonthlyTransactionVolume', 'annualIncomeRange',
  'netWorthRange', 'pepStatus',
] as const satisfies ReadonlyArray<keyof CustomerProfile>

/** Fixed at creation: the update request of the API does not carry them. */
const CREATION_ONLY_FIELDS = ['platformCustomerId', 'region'] as const satisfies ReadonlyArray<keyof CustomerProfile>

/** Required business details on creation (the reference's BusinessInfo). */
const REQUIRED_BUSINESS_FIELDS = ['legalName', 'country', 'taxId', 'incorporatedOn'] as const

const COUNTRY_CODE = /^[A-Z]{2}$/
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/

export function assertCustomerType(value: string): CustomerType {
  if ((CUSTOMER_TYPES as readonly string[]).includes(value)) return value as CustomerType
  throw invalidInput([
    { field: 'customerType', message: 'required: INDIVIDUAL or BUSINESS', constraint: { enum: [...CUSTOMER_TYPES] } },
  ])
}

/**
 * The business rules a profile must meet beyond its shape (the gateway checks that): fields of the
 * other customer type, creation-only fields on update, required business details, well-formed
 * dates and country codes. Proto3 turns missing strings into "", so emptiness is checked here.
 */
export function assertValidProfile(customerType: CustomerType, profile: CustomerProfile, mode: 'create' | 'update'): void {
  const errors: FieldError[] = [...typeErrors(customerType, profile)]
  if (mode === 'update') {
    for (const field of CREATION_ONLY_FIELDS) {
      if (profile[field] !== undefined) errors.push({ field, message: 'is fixed at creation' })
    }
  }
  if (profile.platformCustomerId === '') {
    errors.push({ field: 'platformCustomerId', message: 'must not be empty', constraint: { minLength: 1 } })
  }
  if (customerType === 'BUSINESS' && mode === 'create') {
    for (const field of REQUIRED_BUSINESS_FIELDS) {
      if (!profile.businessInfo?.[field]) errors.push({ field: `businessInfo.${field}`, message: 'required' })
    }
  }
  errors.push(...addressErrors(profile), ...dateErrors(profile))
  if (errors.length > 0) throw invalidInput(errors)
}

function typeErrors(customerType: CustomerType, profile: CustomerProfile): FieldError[] {
  const isSet = (value: unknown) => value !== undefined && !(Array.isArray(value) && value.length === 0)
  if (customerType === 'INDIVIDUAL') {
    return isSet(profile.businessInfo) ? [{ field: 'businessInfo', message: 'is not a field of an INDIVIDUAL customer' }] : []
  }
  return INDIVIDUAL_FIELDS.filter((field) => isSet(profile[field])).map((field) => ({
    field,
    message: 'is not a field of a BUSINESS customer',
  }))
}

function addressErrors({ address }: CustomerProfile): FieldError[] {
  if (!address) return []
  const errors: FieldError[] = []
  if (!address.line1) errors.push({ field: 'address.line1', message: 'required' })
  if (!address.postalCode) errors.push({ field: 'address.postalCode', message: 'required' })
  if (!COUNTRY_CODE.test(address.country)) {
    const format = 'iso3166-1-alpha-2'
    errors.push({ field: 'address.country', message: 'must be an ISO 3166-1 alpha-2 code', constraint: { format } })
  }
  return errors
}

function dateErrors(profile: CustomerProfile): FieldError[] {
  const dates = { birthDate: profile.birthDate, 'businessInfo.incorporatedOn': profile.businessInfo?.incorporatedOn }
  return Object.entries(dates)
    .filter(([, value]) => value !== undefined && !isCalendarDate(value))
    .map(([field]) => ({ field, message: 'must be a date YYYY-MM-DD', constraint: { format: 'date' } }))
}

export function isCalendarDate(value: string): boolean {
  if (!CALENDAR_DATE.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
}
