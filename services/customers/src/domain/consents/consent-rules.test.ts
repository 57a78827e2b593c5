import { describe, expect, it } from 'vitest'
import type { ConsentInput } from '../types.js'
import { agreementCatalogue } from './agreements.js'
import { consentsToRecord } from './consent-rules.js'

const catalogue = agreementCatalogue([
  { type: 'SERVICE_END_USER_TERMS', version: 'V1', url: 'https://legal.test/terms/V1' },
  { type: 'SERVICE_END_USER_TERMS', version: 'V2', url: 'https://legal.test/terms/V2' },
])
const unregulated = { isRegulatedFinancialInstitution: false, skipVerificationPaperwork: false }
const acceptance: ConsentInput = {
  type: 'SERVICE_END_USER_TERMS',
  acceptedAt: new Date('2025-10-14T10:00:00Z'),
  ipAddress: '198.51.100.24',
  termsVersion: 'V2',
  acceptanceMethod: 'CHECKBOX',
}

describe('consentsToRecord', () => {
  it('accepts any published version of a type, the current one and earlier ones', () => {
    expect(consentsToRecord({ agreementConsents: [acceptance] }, unregulated, catalogue)).toEqual([acceptance])
    expect(consentsToRecord({ agreementConsents: [{ ...acceptance, termsVersion: 'V1' }] }, unregulated, catalogue)).toHaveLength(1)
  })

  it('turns the deprecated single consent into a SERVICE_END_USER_TERMS acceptance', () => {
    const { type: _type, ...legacy } = acceptance
    expect(consentsToRecord({ agreementConsents: [], endUserTermsConsent: legacy }, unregulated, catalogue)).toEqual([acceptance])
  })

  it('records nothing, and needs no platform settings, when no consent is sent', () => {
    expect(consentsToRecord({ agreementConsents: [] }, undefined, catalogue)).toEqual([])
  })

  it('names the field of an unpublished version', () => {
    const { type: _type, ...legacy } = { ...acceptance, termsVersion: 'V3' }
    expect(() => consentsToRecord({ agreementConsents: [], endUserTermsConsent: legacy }, unregulated, catalogue)).toThrowError(
      expect.objectContaining({ code: 'END_USER_TERMS_VERSION_NOT_FOUND', details: expect.objectContaining({ field: 'endUserTermsConsent.termsVersion' }) }),
    )
  })

  it('refuses any consent from a regulated platform', () => {
    const regulated = { ...unregulated, isRegulatedFinancialInstitution: true }
    expect(() => consentsToRecord({ agreementConsents: [acceptance] }, regulated, catalogue)).toThrowError(
      expect.objectContaining({ code: 'INVALID_INPUT' }),
    )
  })
})
