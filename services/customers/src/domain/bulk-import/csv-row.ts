import { invalidInput, type FieldError } from '@pp/errors'
import type { CreateCustomerInput } from '../customers/create-customer.js'
import type { Address, BusinessInfo, CustomerProfile } from '../types.js'

/** Columns every file must have (the reference's; umaAddress is optional here as on POST /customers). */
export const REQUIRED_COLUMNS = ['platformCustomerId', 'customerType'] as const

const REQUIRED_VALUES: Record<string, string[]> = {
  INDIVIDUAL: ['platformCustomerId', 'fullName', 'birthDate', 'addressLine1', 'city', 'state', 'postalCode', 'country'],
  BUSINESS: ['platformCustomerId', 'businessLegalName', 'addressLine1', 'city', 'state', 'postalCode', 'country'],
}

export type CsvRow = Record<string, string>

/** A header and a record as column → value, blanks left out. */
export const toRow = (header: string[], record: string[]): CsvRow =>
  Object.fromEntries(header.map((column, i) => [column, (record[i] ?? '').trim()]).filter(([, value]) => value !== ''))

/**
 * One row as a POST /customers request. Checks what the CSV format itself requires; the rest is
 * checked by customer creation like any other request.
 */
export function rowToCreateInput(row: CsvRow): CreateCustomerInput {
  const customerType = row.customerType ?? ''
  const required = REQUIRED_VALUES[customerType]
  const errors: FieldError[] = required
    ? required.filter((column) => !row[column]).map((column) => ({ field: column, message: 'required' }))
    : [{ field: 'customerType', message: 'INDIVIDUAL or BUSINESS', constraint: { enum: ['INDIVIDUAL', 'BUSINESS'] } }]
  if (errors.length > 0) throw invalidInput(errors)
  const address: Address = {
    line1: row.addressLine1!,
    line2: row.addressLine2,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode!,
    country: row.country!,
  }
  const common: CustomerProfile = { platformCustomerId: row.platformCustomerId, umaAddress: row.umaAddress, email: row.email, address }
  const profile: CustomerProfile =
    customerType === 'INDIVIDUAL'
      ? { ...common, fullName: row.fullName, birthDate: row.birthDate }
      : { ...common, email: undefined, businessInfo: businessInfoOf(row) }
  return { customerType, profile, agreementConsents: [] }
}

function businessInfoOf(row: CsvRow): BusinessInfo {
  return {
    legalName: row.businessLegalName,
    country: row.country,
    registrationNumber: row.businessRegistrationNumber,
    taxId: row.businessTaxId,
    incorporatedOn: row.businessIncorporatedOn,
  }
}
