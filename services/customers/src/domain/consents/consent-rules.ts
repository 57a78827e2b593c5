import { isIP } from 'node:net'
import { ApiError, invalidInput, type FieldError } from '@pp/errors'
import type { PlatformSettings } from '../platform-settings.js'
import { ACCEPTANCE_METHODS, type AcceptanceMethod, type ConsentFields, type ConsentInput } from '../types.js'
import { SERVICE_END_USER_TERMS, type AgreementCatalogue } from './agreements.js'

/** An acceptance checked and ready to store. */
export interface ConsentToRecord {
  type: string
  termsVersion: string
  acceptedAt: Date
  ipAddress: string
  acceptanceMethod: AcceptanceMethod
}

const IP_ADDRESS_LENGTH_MAX = 45

/** The consent fields of a request, if it sent any; no platform lookup is needed without them. */
export const hasConsentFields = (fields: ConsentFields): boolean =>
  fields.agreementConsents.length > 0 || fields.endUserTermsConsent !== undefined

/**
 * The acceptances a create or update records. The deprecated `endUserTermsConsent` is one
 * SERVICE_END_USER_TERMS acceptance (versioning rule 2), so only the new form is ever stored.
 */
export function consentsToRecord(
  fields: ConsentFields,
  platform: PlatformSettings | undefined,
  catalogue: AgreementCatalogue,
): ConsentToRecord[] {
  const { agreementConsents, endUserTermsConsent } = fields
  if (agreementConsents.length > 0 && endUserTermsConsent) {
    const message = 'send agreementConsents or the deprecated endUserTermsConsent, not both'
    throw invalidInput([{ field: 'endUserTermsConsent', message }])
  }
  const entries: Array<{ path: string; consent: ConsentInput }> = endUserTermsConsent
    ? [{ path: 'endUserTermsConsent', consent: { ...endUserTermsConsent, type: SERVICE_END_USER_TERMS } }]
    : agreementConsents.map((consent, i) => ({ path: `agreementConsents.${i}`, consent }))
  if (entries.length === 0) return []
  if (platform?.isRegulatedFinancialInstitution) {
    const message = 'a regulated platform relies on its own end-user agreements and sends no consent fields'
    throw invalidInput([{ field: endUserTermsConsent ? 'endUserTermsConsent' : 'agreementConsents', message }])
  }
  const errors = entries.flatMap(({ path, consent }) => shapeErrors(path, consent, catalogue))
  errors.push(...duplicateTypeErrors(entries))
  if (errors.length > 0) throw invalidInput(errors)
  for (const { path, consent } of entries) {
    if (!catalogue.isPublished(consent.type, consent.termsVersion)) {
      const reason = `${consent.type} has no published version "${consent.termsVersion}"`
      const details = { field: `${path}.termsVersion`, type: consent.type, termsVersion: consent.termsVersion }
      throw new ApiError('END_USER_TERMS_VERSION_NOT_FOUND', reason, details)
    }
  }
  return entries.map(({ consent }) => ({
    type: consent.type,
    termsVersion: consent.termsVersion,
    acceptedAt: consent.acceptedAt!,
    ipAddress: consent.ipAddress,
    acceptanceMethod: consent.acceptanceMethod as AcceptanceMethod,
  }))
}

function shapeErrors(path: string, consent: ConsentInput, catalogue: AgreementCatalogue): FieldError[] {
  const errors: FieldError[] = []
  const types = catalogue.types()
  if (!types.includes(consent.type)) {
    errors.push({ field: `${path}.type`, message: 'unknown agreement type', constraint: { enum: types } })
  }
  if (!consent.acceptedAt || Number.isNaN(consent.acceptedAt.getTime())) {
    errors.push({ field: `${path}.acceptedAt`, message: 'required date-time', constraint: { format: 'date-time' } })
  }
  if (consent.ipAddress.length > IP_ADDRESS_LENGTH_MAX || isIP(consent.ipAddress) === 0) {
    const constraint = { format: 'ip', maxLength: IP_ADDRESS_LENGTH_MAX }
    errors.push({ field: `${path}.ipAddress`, message: 'must be an IPv4 or IPv6 address', constraint })
  }
  if (consent.termsVersion.length === 0) {
    errors.push({ field: `${path}.termsVersion`, message: 'required', constraint: { minLength: 1 } })
  }
  if (!(ACCEPTANCE_METHODS as readonly string[]).includes(consent.acceptanceMethod)) {
    const constraint = { enum: [...ACCEPTANCE_METHODS] }
    errors.push({ field: `${path}.acceptanceMethod`, message: 'unknown acceptance method', constraint })
  }
  return errors
}

/** One entry per agreement: two acceptances of one type in a request cannot both be "the" one. */
function duplicateTypeErrors(entries: Array<{ path: string; consent: ConsentInput }>): FieldError[] {
  const seen = new Set<string>()
  return entries.flatMap(({ path, consent }) => {
    if (!seen.has(consent.type)) {
      seen.add(consent.type)
      return []
    }
    return [{ field: `${path}.type`, message: `${consent.type} appears more than once` }]
  })
}
