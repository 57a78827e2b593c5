import { COUNTRY, text, type FieldRule } from './field-rules.js'
import type { BeneficiaryField } from './types.js'

/** What one kind of beneficiary (individual or business) needs and may carry. */
export interface BeneficiaryKindRules {
  required: BeneficiaryField[]
  allowed: BeneficiaryField[]
  address: 'REQUIRED' | 'OPTIONAL' | 'NONE'
}

/** The beneficiary rules of an account type; a business beneficiary is the same for every type. */
export interface BeneficiaryRules {
  isRequired: boolean
  individual: BeneficiaryKindRules
}

const CONTACT_FIELDS: BeneficiaryField[] = ['email', 'phoneNumber', 'countryOfResidence']

export const BUSINESS_BENEFICIARY: BeneficiaryKindRules = {
  required: ['legalName'],
  allowed: ['registrationNumber', 'taxId', ...CONTACT_FIELDS],
  address: 'OPTIONAL',
}

/**
 * The individual beneficiary of a bank account: a full name, optional identity and contact
 * details; some corridors require more (`required`) or take more (`allowed`).
 */
export function bankBeneficiary(extra: Partial<BeneficiaryKindRules> = {}): BeneficiaryRules {
  const required = ['fullName', ...(extra.required ?? [])] as BeneficiaryField[]
  const allowed = ['birthDate', 'nationality', ...CONTACT_FIELDS, ...(extra.allowed ?? [])] as BeneficiaryField[]
  return { isRequired: true, individual: { required, allowed, address: extra.address ?? 'OPTIONAL' } }
}

/** A wallet's owner is optional (a first-party wallet is the customer's own). */
export const WALLET_BENEFICIARY: BeneficiaryRules = {
  isRequired: false,
  individual: { required: ['fullName', 'countryOfResidence'], allowed: [], address: 'NONE' },
}

function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

const CALENDAR_DATE: FieldRule = {
  pattern: /^\d{4}-\d{2}-\d{2}$/,
  check: (value) => (isCalendarDate(value) ? undefined : 'not a calendar date'),
}

/** Shapes of the beneficiary's text fields. */
export const BENEFICIARY_FIELD_RULES: Record<BeneficiaryField, FieldRule> = {
  beneficiaryType: { enum: ['INDIVIDUAL', 'BUSINESS'] },
  fullName: text(255),
  legalName: text(255),
  birthDate: CALENDAR_DATE,
  nationality: COUNTRY,
  email: { maxLength: 254, pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/ },
  phoneNumber: { pattern: /^\+[1-9][0-9]{1,14}$/ },
  countryOfResidence: COUNTRY,
  registrationNumber: text(64),
  taxId: text(64),
  documentType: { enum: ['CC', 'CE', 'TI', 'NIT', 'PP'] },
  documentNumber: text(50),
}

export const ADDRESS_FIELD_RULES = {
  line1: text(255),
  line2: text(255),
  city: text(255),
  state: text(255),
  postalCode: text(32),
  country: COUNTRY,
} as const satisfies Record<string, FieldRule>

export const REQUIRED_ADDRESS_FIELDS = ['line1', 'postalCode', 'country'] as const
