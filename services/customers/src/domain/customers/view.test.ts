import { CustomerSchema } from '@pp/contracts'
import { describe, expect, it } from 'vitest'
import type { CustomerRecord } from '../../db/customers.db.js'
import { toCustomerView } from './view.js'

const consent = { type: 'SERVICE_END_USER_TERMS', acceptedAt: '2025-10-13T09:00:00.000Z', ipAddress: '203.0.113.7', termsVersion: '2025-10-13', acceptanceMethod: 'CHECKBOX' as const }

const record = (customerType: CustomerRecord['customerType'], profile: CustomerRecord['profile']): CustomerRecord => ({
  id: 'Customer:019542f5-b3e7-1d02-0000-000000000001',
  platformId: 'Platform:019542f5-b3e7-1d02-0000-000000000009',
  environment: 'SANDBOX',
  customerType,
  profile: { platformCustomerId: 'pc-1', umaAddress: '$jane@uma.example.com', ...profile },
  verificationStatus: 'APPROVED',
  createdAt: new Date('2025-10-13T09:00:00Z'),
  updatedAt: new Date('2025-10-13T10:00:00Z'),
  deletedAt: null,
})

const individual = record('INDIVIDUAL', {
  region: 'DE',
  email: 'jane@example.com',
  phoneNumber: '+4915112345678',
  currencies: ['EUR'],
  address: { line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117', country: 'DE' },
  fullName: 'Jane Doe',
  birthDate: '1990-01-31',
  nationality: 'DE',
  idType: 'NON_US_TAX_ID',
  identifier: '12345678901',
  countryOfIssuance: 'DE',
  sourceOfFundsCategories: ['SALARY'],
  purposeOfAccount: 'P2P_TRANSFERS',
  pepStatus: 'NONE',
})

const business = record('BUSINESS', {
  region: 'US',
  businessInfo: { legalName: 'Acme Corporation', country: 'US', taxId: '47-1234567', incorporatedOn: '2018-03-14', entityType: 'LLC', naicsCode: '5415' },
})

/** The view as it travels (JSON), held to the contract: parsing keeps every field and adds none. */
const expectContract = (view: unknown) => {
  const json: unknown = JSON.parse(JSON.stringify(view))
  expect(CustomerSchema.parse(json)).toEqual(json)
}

describe('the customer view keeps to the Customer contract', () => {
  it('an individual customer, with contact verification, a consent and a deleted flag', () => {
    const view = toCustomerView({ ...individual, deletedAt: new Date('2025-10-14T00:00:00Z') }, [consent], [{ channel: 'EMAIL', verifiedContact: 'jane@example.com' }])
    expectContract(view)
    expect(view).toMatchObject({ kycStatus: 'APPROVED', isDeleted: true, contactVerification: { email: 'VERIFIED', phone: 'PENDING' } })
    expect(view).not.toHaveProperty('identifier')
  })

  it('a business customer', () => {
    const view = toCustomerView(business, [])
    expectContract(view)
    expect(view).toMatchObject({ kybStatus: 'APPROVED', businessInfo: { legalName: 'Acme Corporation' } })
  })

  it('a view the contract refuses fails the check', () => {
    const view = toCustomerView(business, [])
    expect(CustomerSchema.safeParse({ ...view, kybStatus: 'UNKNOWN' }).success).toBe(false)
  })
})
