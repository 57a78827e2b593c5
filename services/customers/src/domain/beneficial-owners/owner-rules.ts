import { invalidInput, type FieldError } from '@pp/errors'
import { isCalendarDate } from '../customers/profile-rules.js'
import { BENEFICIAL_OWNER_ROLES, type BeneficialOwnerInput, type BeneficialOwnerRole, type PersonalInfo } from './types.js'

const ID_TYPES = ['SSN', 'ITIN', 'EIN', 'NON_US_TAX_ID']
const COUNTRY_CODE = /^[A-Z]{2}$/

/** Required on creation (the reference's BeneficialOwnerPersonalInfo). */
const REQUIRED_PERSONAL_FIELDS = ['firstName', 'lastName', 'birthDate', 'nationality', 'idType', 'identifier'] as const

export interface ValidOwnerInput {
  roles: BeneficialOwnerRole[]
  ownershipPercentage?: number
  personalInfo: PersonalInfo
}

/**
 * The rules an owner's data must meet beyond its shape, which the gateway checks. Proto3 turns
 * missing strings into "", so emptiness is checked here; on update only what is sent is checked.
 */
export function assertValidOwner(input: BeneficialOwnerInput, mode: 'create' | 'update'): ValidOwnerInput {
  const personalInfo = input.personalInfo ?? {}
  const errors: FieldError[] = [...roleErrors(input.roles, mode), ...personalErrors(personalInfo, mode)]
  const percentage = input.ownershipPercentage
  if (percentage === undefined ? mode === 'create' : !Number.isInteger(percentage) || percentage < 0 || percentage > 100) {
    errors.push({ field: 'ownershipPercentage', message: 'required: an integer from 0 to 100' })
  }
  if (errors.length > 0) throw invalidInput(errors)
  return { roles: input.roles as BeneficialOwnerRole[], ownershipPercentage: percentage, personalInfo }
}

function roleErrors(roles: string[], mode: 'create' | 'update'): FieldError[] {
  const allowed = BENEFICIAL_OWNER_ROLES as readonly string[]
  const isValid = roles.every((role) => allowed.includes(role)) && new Set(roles).size === roles.length
  if (isValid && (roles.length > 0 || mode === 'update')) return []
  return [{ field: 'roles', message: 'one or more distinct roles', constraint: { enum: [...BENEFICIAL_OWNER_ROLES] } }]
}

function personalErrors(info: PersonalInfo, mode: 'create' | 'update'): FieldError[] {
  const errors: FieldError[] = []
  for (const field of REQUIRED_PERSONAL_FIELDS) {
    const value = info[field]
    if (value === '' || (value === undefined && mode === 'create')) errors.push({ field: `personalInfo.${field}`, message: 'required' })
  }
  if (!info.address && mode === 'create') errors.push({ field: 'personalInfo.address', message: 'required' })
  if (info.address && (!info.address.line1 || !info.address.postalCode || !COUNTRY_CODE.test(info.address.country))) {
    errors.push({ field: 'personalInfo.address', message: 'needs line1, postalCode and an ISO 3166-1 alpha-2 country' })
  }
  if (info.birthDate && !isCalendarDate(info.birthDate)) {
    errors.push({ field: 'personalInfo.birthDate', message: 'must be a date YYYY-MM-DD', constraint: { format: 'date' } })
  }
  if (info.idType && !ID_TYPES.includes(info.idType)) {
    errors.push({ field: 'personalInfo.idType', message: 'unknown identification type', constraint: { enum: ID_TYPES } })
  }
  for (const field of ['nationality', 'countryOfIssuance'] as const) {
    const value = info[field]
    if (value && !COUNTRY_CODE.test(value)) {
      errors.push({ field: `personalInfo.${field}`, message: 'must be an ISO 3166-1 alpha-2 code', constraint: { format: 'iso3166-1-alpha-2' } })
    }
  }
  return errors
}
