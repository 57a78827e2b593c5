import { describe, expect, it } from 'vitest'
import { loadCustomersConfig } from '../../config.js'
import { kycDecisionsOf } from './settings.js'

const SECRET = 'a-shared-secret-of-the-vendor'
const load = (env: Record<string, string>) => loadCustomersConfig({ DATABASE_URL: 'postgresql://x@localhost/customers', ...env })

describe('KYC_DECISIONS and the KYC vendor settings', () => {
  it('default to operators deciding', () => {
    expect(kycDecisionsOf(load({}), () => '')).toEqual({ by: 'operator' })
  })

  it('with KYC_DECISIONS=vendor, refuse the start naming each missing setting', () => {
    expect(() => load({ KYC_DECISIONS: 'vendor' })).toThrowError(/KYC_VENDOR_NAME: required when KYC_DECISIONS is vendor[\s\S]*KYC_VENDOR_WEBHOOK_SECRET: required/)
    expect(() => load({ KYC_DECISIONS: 'vendor', KYC_VENDOR_NAME: 'acme-kyc' })).toThrowError(/KYC_VENDOR_WEBHOOK_SECRET: required/)
  })

  it('refuse a vendor setting without KYC_DECISIONS=vendor, naming KYC_DECISIONS', () => {
    expect(() => load({ KYC_VENDOR_NAME: 'acme-kyc' })).toThrowError(/KYC_DECISIONS: must be vendor when KYC_VENDOR_NAME is set/)
  })

  it('refuse both forms of the secret at once', () => {
    expect(() => load({ KYC_DECISIONS: 'vendor', KYC_VENDOR_NAME: 'acme-kyc', KYC_VENDOR_WEBHOOK_SECRET: SECRET, KYC_VENDOR_WEBHOOK_SECRET_FILE: '/run/secret' })).toThrowError(
      /KYC_VENDOR_WEBHOOK_SECRET_FILE: set KYC_VENDOR_WEBHOOK_SECRET or its _FILE, not both/,
    )
  })

  it('make the vendor decide, its secret given or read from its file', () => {
    const given = kycDecisionsOf(load({ KYC_DECISIONS: 'vendor', KYC_VENDOR_NAME: 'acme-kyc', KYC_VENDOR_WEBHOOK_SECRET: SECRET }), () => '')
    expect(given).toMatchObject({ by: 'vendor', vendor: { name: 'acme-kyc' } })
    const read: string[] = []
    const fromFile = kycDecisionsOf(load({ KYC_DECISIONS: 'vendor', KYC_VENDOR_NAME: 'acme-kyc', KYC_VENDOR_WEBHOOK_SECRET_FILE: '/run/secrets/kyc' }), (path) => {
      read.push(path)
      return `${SECRET}\n`
    })
    expect(fromFile).toMatchObject({ by: 'vendor', vendor: { name: 'acme-kyc' } })
    expect(read).toEqual(['/run/secrets/kyc'])
  })
})
