import { describe, expect, it } from 'vitest'
import { productionVerification, sandboxVerification } from './verification-providers.js'

const unregulated = { isRegulatedFinancialInstitution: false, skipVerificationPaperwork: false }
const regulated = { isRegulatedFinancialInstitution: true, skipVerificationPaperwork: false }
const skipping = { isRegulatedFinancialInstitution: false, skipVerificationPaperwork: true }

describe('sandbox verification at creation', () => {
  it('approves an individual on a regulated platform or with the skip option', () => {
    expect(sandboxVerification.statusAtCreation({ customerType: 'INDIVIDUAL', fullName: 'Jane Doe' }, regulated)).toBe('APPROVED')
    expect(sandboxVerification.statusAtCreation({ customerType: 'INDIVIDUAL', fullName: 'Jane Doe' }, skipping)).toBe('APPROVED')
  })

  it('keeps an individual unverified on the default unregulated path', () => {
    expect(sandboxVerification.statusAtCreation({ customerType: 'INDIVIDUAL', fullName: 'Jane Doe' }, unregulated)).toBe('UNVERIFIED')
  })

  it.each(['Jane 001', 'Jane 002', 'Jane003'])('keeps %s unverified: the suffix asks for paperwork', (fullName) => {
    expect(sandboxVerification.statusAtCreation({ customerType: 'INDIVIDUAL', fullName }, regulated)).toBe('UNVERIFIED')
  })

  it('approves other numeric suffixes', () => {
    expect(sandboxVerification.statusAtCreation({ customerType: 'INDIVIDUAL', fullName: 'Jane 004' }, skipping)).toBe('APPROVED')
  })

  it('never resolves a business at creation', () => {
    expect(sandboxVerification.statusAtCreation({ customerType: 'BUSINESS' }, regulated)).toBe('UNVERIFIED')
  })
})

describe('production verification at creation', () => {
  it('starts every customer unverified', () => {
    expect(productionVerification.statusAtCreation({ customerType: 'INDIVIDUAL', fullName: 'Jane' }, regulated)).toBe('UNVERIFIED')
  })
})

describe('sandbox submissions (rules 3 and 4)', () => {
  const individual = (fullName: string) => ({ customerType: 'INDIVIDUAL' as const, fullName })
  const business = (registrationNumber?: string) => ({ customerType: 'BUSINESS' as const, registrationNumber })

  it('asks every customer of the default unregulated path for a complete packet', () => {
    expect(sandboxVerification.requiresPacket(individual('Jane Doe'), unregulated)).toBe(true)
    expect(sandboxVerification.requiresPacket(business('5523041'), unregulated)).toBe(true)
  })

  it('still asks individuals named 001–003 for a packet when paperwork is waived', () => {
    expect(sandboxVerification.requiresPacket(individual('Jane 002'), regulated)).toBe(true)
    expect(sandboxVerification.requiresPacket(individual('Jane Doe'), skipping)).toBe(false)
  })

  it('resolves a business with a terminal registration suffix on its first submission when paperwork is waived', () => {
    expect(sandboxVerification.requiresPacket(business('5523002'), regulated)).toBe(false)
    expect(sandboxVerification.requiresPacket(business('5523041'), skipping)).toBe(false)
    expect(sandboxVerification.requiresPacket(business(), regulated)).toBe(false)
    expect(sandboxVerification.requiresPacket(business('5523001'), regulated)).toBe(true)
    expect(sandboxVerification.requiresPacket(business('5523003'), regulated)).toBe(true)
  })

  it.each([
    ['Jane 002', 'REJECTED'],
    ['Jane 003', 'PENDING_MANUAL_REVIEW'],
    ['Jane 001', 'APPROVED'],
    ['Jane Doe', 'APPROVED'],
  ])('decides %s: %s', (fullName, decision) => {
    expect(sandboxVerification.decide(individual(fullName))).toBe(decision)
  })

  it('decides a business by its registration number', () => {
    expect(sandboxVerification.decide(business('BRN-002'))).toBe('REJECTED')
    expect(sandboxVerification.decide(business('BRN-003'))).toBe('PENDING_MANUAL_REVIEW')
    expect(sandboxVerification.decide(business('BRN-004'))).toBe('APPROVED')
  })

  it.each([
    ['passport_LOW_QUALITY.pdf', 'LOW_QUALITY'],
    ['bill_data_mismatch.png', 'DATA_MISMATCH'],
    ['id_EXPIRED.jpg', 'EXPIRED'],
    ['id_SUSPECTED_FRAUD.pdf', 'SUSPECTED_FRAUD'],
    ['scan_UNSUITABLE_DOCUMENT.pdf', 'UNSUITABLE_DOCUMENT'],
    ['licence_INCOMPLETE', 'INCOMPLETE'],
    ['passport.pdf', undefined],
  ])('reviews %s: %s', (fileName, rejection) => {
    expect(sandboxVerification.reviewDocument(fileName)).toBe(rejection)
  })

  it('requires email and phone verification for EU regions only', () => {
    expect(sandboxVerification.contactChannels('DE')).toEqual(['EMAIL', 'PHONE'])
    expect(sandboxVerification.contactChannels('US')).toEqual([])
    expect(sandboxVerification.contactChannels(undefined)).toEqual([])
  })
})

describe('production submissions', () => {
  it('sends every complete packet to manual review, whatever the name', () => {
    expect(productionVerification.decide({ customerType: 'INDIVIDUAL', fullName: 'Jane 002' })).toBe('PENDING_MANUAL_REVIEW')
    expect(productionVerification.decide({ customerType: 'BUSINESS', registrationNumber: 'BRN-004' })).toBe('PENDING_MANUAL_REVIEW')
  })
})
