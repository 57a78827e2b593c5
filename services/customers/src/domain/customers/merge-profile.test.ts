import { describe, expect, it } from 'vitest'
import { mergeProfile } from './merge-profile.js'

describe('mergeProfile', () => {
  it('replaces the fields sent and keeps the others', () => {
    const current = { fullName: 'Jane Doe', email: 'jane@example.com', currencies: ['USD'] }
    expect(mergeProfile(current, { email: 'new@example.com', currencies: [] })).toEqual({
      fullName: 'Jane Doe',
      email: 'new@example.com',
      currencies: ['USD'],
    })
  })

  it('merges business details field by field', () => {
    const current = { businessInfo: { legalName: 'Acme', taxId: '47-1', countriesOfOperation: ['US'] } }
    const merged = mergeProfile(current, { businessInfo: { taxId: '47-2', countriesOfOperation: [] } })
    expect(merged.businessInfo).toEqual({ legalName: 'Acme', taxId: '47-2', countriesOfOperation: ['US'] })
  })

  it('replaces the address as a whole', () => {
    const current = { address: { line1: '1 Main St', line2: 'Apt 2', postalCode: '94105', country: 'US' } }
    const merged = mergeProfile(current, { address: { line1: '9 Elm St', postalCode: '10001', country: 'US' } })
    expect(merged.address).toEqual({ line1: '9 Elm St', postalCode: '10001', country: 'US' })
  })
})
