import { BeneficialOwnerSchema } from '@pp/contracts'
import { describe, expect, it } from 'vitest'
import type { BeneficialOwnerRecord } from './types.js'
import { toBeneficialOwnerView } from './view.js'

const owner: BeneficialOwnerRecord = {
  id: 'BeneficialOwner:019542f5-b3e7-1d02-0000-000000000004',
  platformId: 'Platform:019542f5-b3e7-1d02-0000-000000000009',
  environment: 'SANDBOX',
  customerId: 'Customer:019542f5-b3e7-1d02-0000-000000000001',
  roles: ['UBO', 'DIRECTOR'],
  ownershipPercentage: 40,
  personalInfo: {
    firstName: 'Jane',
    lastName: 'Smith',
    birthDate: '1980-05-17',
    nationality: 'US',
    email: 'jane@example.com',
    address: { line1: '1 Main St', postalCode: '94105', country: 'US' },
    idType: 'SSN',
    identifier: '123-45-6789',
  },
  kycStatus: 'PENDING',
  createdAt: new Date('2025-10-13T09:00:00Z'),
  updatedAt: new Date('2025-10-13T09:00:00Z'),
}

describe('the beneficial owner view keeps to the BeneficialOwner contract', () => {
  it('shows every detail but the write-only identifier', () => {
    const json: unknown = JSON.parse(JSON.stringify(toBeneficialOwnerView(owner)))
    expect(BeneficialOwnerSchema.parse(json)).toEqual(json)
    expect(json).not.toHaveProperty('personalInfo.identifier')
  })
})
