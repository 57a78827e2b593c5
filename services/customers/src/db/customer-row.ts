import type {
  Address,
  BusinessInfo,
  CustomerProfile,
  CustomerType,
  DueDiligence,
  Environment,
  VerificationStatus,
} from '../domain/types.js'
import { Prisma, type Customer as CustomerRow } from './generated/client.js'

/** A customer as the domain works with it; the profile's parts map onto columns and JSON documents. */
export interface CustomerRecord {
  id: string
  platformId: string
  environment: Environment
  customerType: CustomerType
  profile: CustomerProfile
  verificationStatus: VerificationStatus
  createdAt: Date
  updatedAt: Date
  deletedAt: Date | null
}

const SCALAR_FIELDS = [
  'platformCustomerId', 'region', 'email', 'phoneNumber', 'umaAddress', 'fullName', 'nationality', 'idType',
  'identifier', 'countryOfIssuance',
] as const satisfies ReadonlyArray<keyof CustomerProfile & keyof CustomerRow>

const DUE_DILIGENCE_FIELDS = [
  'sourceOfFundsCategories', 'sourceOfFundsOtherDescription', 'sourceOfWealthCategories',
  'sourceOfWealthOtherDescription', 'purposeOfAccount', 'purposeOfAccountOtherDescription',
  'expectedMonthlyTransactionCount', 'expectedMonthlyTransactionVolume', 'annualIncomeRange', 'netWorthRange',
  'pepStatus',
] as const satisfies ReadonlyArray<keyof DueDiligence>

export function recordToColumns(record: CustomerRecord): Prisma.CustomerUncheckedCreateInput {
  const { profile } = record
  const scalars = Object.fromEntries(SCALAR_FIELDS.map((field) => [field, profile[field] ?? null]))
  const dueDiligence = Object.fromEntries(
    DUE_DILIGENCE_FIELDS.filter((f) => profile[f] !== undefined).map((f) => [f, profile[f]]),
  )
  return {
    id: record.id,
    platformId: record.platformId,
    environment: record.environment,
    customerType: record.customerType,
    verificationStatus: record.verificationStatus,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    deletedAt: record.deletedAt,
    ...scalars,
    currencies: profile.currencies ?? [],
    birthDate: profile.birthDate ? new Date(`${profile.birthDate}T00:00:00Z`) : null,
    address: jsonDocument(profile.address),
    dueDiligence: jsonDocument(dueDiligence),
    businessInfo: jsonDocument(profile.businessInfo),
  }
}

export function rowToRecord(row: CustomerRow): CustomerRecord {
  const scalars = Object.fromEntries(SCALAR_FIELDS.filter((f) => row[f] !== null).map((f) => [f, row[f]]))
  const profile: CustomerProfile = {
    ...scalars,
    ...((row.dueDiligence ?? {}) as DueDiligence),
    ...(row.currencies.length > 0 && { currencies: row.currencies }),
    ...(row.birthDate && { birthDate: row.birthDate.toISOString().slice(0, 10) }),
    ...(row.address !== null && { address: row.address as unknown as Address }),
    ...(row.businessInfo !== null && { businessInfo: row.businessInfo as BusinessInfo }),
  }
  return {
    id: row.id,
    platformId: row.platformId,
    environment: row.environment as Environment,
    customerType: row.customerType,
    profile,
    verificationStatus: row.verificationStatus,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    deletedAt: row.deletedAt,
  }
}

/** A JSON column's value: the document, or SQL NULL when there is nothing in it. */
function jsonDocument(value: object | undefined): Prisma.InputJsonObject | typeof Prisma.DbNull {
  if (value === undefined || Object.keys(value).length === 0) return Prisma.DbNull
  return value as Prisma.InputJsonObject
}
