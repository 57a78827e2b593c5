import { describe, expect, it } from 'vitest'
import { customerAccounts, holdingAccounts, mayProvision } from './account-plan.js'
import { holderFromCustomer } from './holder.js'

const settings = { isRegulatedFinancialInstitution: false, supportedCurrencies: ['USD', 'BTC', 'USDB', 'USD', 'XYZ'] }

describe('account plan', () => {
  it('opens one holding account per known currency, fiat or crypto, and the Global Account in sandbox', () => {
    expect(holdingAccounts(settings)).toEqual([
      { type: 'INTERNAL_FIAT', currency: 'USD' },
      { type: 'INTERNAL_CRYPTO', currency: 'BTC' },
      { type: 'INTERNAL_CRYPTO', currency: 'USDB' },
    ])
    expect(customerAccounts(settings, 'SANDBOX')).toContainEqual({ type: 'EMBEDDED_WALLET', currency: 'USDB' })
    expect(customerAccounts(settings, 'PRODUCTION')).not.toContainEqual({ type: 'EMBEDDED_WALLET', currency: 'USDB' })
    expect(customerAccounts({ ...settings, supportedCurrencies: ['USD'] }, 'SANDBOX')).toEqual([{ type: 'INTERNAL_FIAT', currency: 'USD' }])
  })

  it('waits for the End User Terms on an unregulated platform only, and never serves a deleted customer', () => {
    const customer = { id: 'Customer:1', customerType: 'INDIVIDUAL', kycStatus: 'APPROVED', updatedAt: '2025-10-14T10:00:00Z' }
    const withoutTerms = holderFromCustomer({ ...customer, agreementConsents: [{ type: 'OTHER_AGREEMENT' }] })!
    const withTerms = holderFromCustomer({ ...customer, agreementConsents: [{ type: 'SERVICE_END_USER_TERMS' }] })!
    expect(mayProvision(withoutTerms, settings)).toBe(false)
    expect(mayProvision(withTerms, settings)).toBe(true)
    expect(mayProvision(withoutTerms, { ...settings, isRegulatedFinancialInstitution: true })).toBe(true)
    expect(mayProvision({ ...withTerms, isDeleted: true }, settings)).toBe(false)
  })

  it('reads the holder from the customer as the API shows it, or nothing from anything else', () => {
    expect(holderFromCustomer({ id: 'Customer:2', customerType: 'BUSINESS', kybStatus: 'PENDING', platformCustomerId: 'p-2', updatedAt: '2025-10-14T10:00:00Z' })).toEqual({
      customerId: 'Customer:2',
      platformCustomerId: 'p-2',
      customerType: 'BUSINESS',
      verificationStatus: 'PENDING',
      isTermsAccepted: false,
      isDeleted: false,
      updatedAt: new Date('2025-10-14T10:00:00Z'),
    })
    for (const data of [null, 'x', { id: 'Customer:3' }, { id: 'Customer:3', customerType: 'INDIVIDUAL', updatedAt: 'yesterday' }]) {
      expect(holderFromCustomer(data)).toBeUndefined()
    }
  })
})
