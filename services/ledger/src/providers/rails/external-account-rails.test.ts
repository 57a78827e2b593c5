import { describe, expect, it } from 'vitest'
import { rulesOf } from '../../domain/external-accounts/account-types.js'
import { productionRails, sandboxRails } from './external-account-rails.js'

const now = new Date('2025-10-21T12:00:00Z')
const rails = sandboxRails(3000)
const bank = (primaryIdentifier: string, beneficiaryName: string | undefined = 'Jane Doe') => ({
  rules: rulesOf('EUR_ACCOUNT'),
  primaryIdentifier,
  beneficiaryName,
})

describe('sandbox rails', () => {
  it.each([
    ['DE89370400440532013102', 'NOT_MATCHED', undefined],
    ['DE89370400440532013103', 'PARTIAL_MATCH', 'Jane Doe'],
    ['DE89370400440532013104', 'PENDING', undefined],
    ['DE89370400440532013106', 'UNSUPPORTED', undefined],
    ['DE89370400440532013107', 'CHECKED_BY_RECEIVING_FI', undefined],
    ['DE89370400440532013000', 'MATCHED', 'Jane Doe'],
    ['DE89370400440532013002', 'MATCHED', 'Jane Doe'],
  ])('verifies the beneficiary of %s as %s', (identifier, status, verifiedName) => {
    expect(rails.checkNewAccount(bank(identifier), now).beneficiaryVerification).toEqual({ status, verifiedName })
  })

  it('answers 400 INVALID_BANK_ACCOUNT for suffix 105', () => {
    expect(() => rails.checkNewAccount(bank('DE89370400440532013105'), now)).toThrow(expect.objectContaining({ code: 'INVALID_BANK_ACCOUNT' }))
  })

  it('verifies no name for wallets', () => {
    expect(rails.checkNewAccount({ rules: rulesOf('SPARK_WALLET'), primaryIdentifier: 'x105' }, now)).toEqual({ beneficiaryVerification: undefined })
  })

  it('validates a US account over the window; suffix 003 fails', () => {
    const us = (primaryIdentifier: string) => ({ rules: rulesOf('USD_ACCOUNT'), primaryIdentifier, beneficiaryName: 'Jane Doe' })
    const validatesAt = new Date('2025-10-21T12:00:03Z')
    expect(rails.checkNewAccount(us('123456789012'), now).achValidation).toEqual({ validatesAt, outcome: 'VALIDATED' })
    expect(rails.checkNewAccount(us('123456789003'), now).achValidation).toEqual({ validatesAt, outcome: 'FAILED' })
  })
})

describe('production rails', () => {
  it('claims no name verification and leaves a US account validating until a rail answers', () => {
    expect(productionRails.checkNewAccount(bank('DE89370400440532013105'), now)).toEqual({})
    const us = productionRails.checkNewAccount({ rules: rulesOf('US_ACCOUNT'), primaryIdentifier: '1' }, now)
    expect(us).toEqual({ achValidation: { validatesAt: null, outcome: null } })
  })
})
