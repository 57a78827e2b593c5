import { describe, expect, it } from 'vitest'
import { productionVerification, sandboxVerification } from './provider.js'

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
