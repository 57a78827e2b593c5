import { ApiError } from '@pp/errors'
import { describe, expect, it } from 'vitest'
import type { ConfigUpdate } from '../types.js'
import { validateConfigUpdate } from './config-rules.js'

const usd = { currencyCode: 'USD', minAmount: 1n, maxAmount: 10n, requiredCounterpartyFields: [], enabledTransactionTypes: ['OUTGOING'] }

function fieldsOf(update: ConfigUpdate, environment: 'SANDBOX' | 'PRODUCTION' = 'SANDBOX'): string[] {
  try {
    validateConfigUpdate(update, environment)
    return []
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError)
    return ((err as ApiError).details.errors as { field: string }[]).map((e) => e.field)
  }
}

describe('configuration rules', () => {
  it('accepts an empty update and a sound one', () => {
    expect(fieldsOf({})).toEqual([])
    expect(fieldsOf({ supportedCurrencies: [usd, { ...usd, currencyCode: 'BTC' }], webhookEndpoint: 'https://x.example/h' })).toEqual([])
  })

  it('reports every bad field at once', () => {
    const update: ConfigUpdate = {
      umaDomain: ' ',
      supportedCurrencies: [{ ...usd, currencyCode: 'usd', minAmount: -1n }, { ...usd, requiredCounterpartyFields: [{ name: 'SHOE_SIZE', mandatory: true }] }],
    }
    expect(fieldsOf(update)).toEqual([
      'umaDomain',
      'supportedCurrencies.0.currencyCode',
      'supportedCurrencies.0.minAmount',
      'supportedCurrencies.1.requiredCounterpartyFields.0.name',
    ])
  })

  it('allows the skip-paperwork option in sandbox only', () => {
    expect(fieldsOf({ skipVerificationPaperwork: true })).toEqual([])
    expect(fieldsOf({ skipVerificationPaperwork: true }, 'PRODUCTION')).toEqual(['skipVerificationPaperwork'])
    expect(fieldsOf({ skipVerificationPaperwork: false }, 'PRODUCTION')).toEqual([])
  })

  it('answers NOT_IMPLEMENTED for a fee outside USD once the fields are valid', () => {
    const fee = { feeType: 'CROSS_CURRENCY_TRANSACTION', sourceCurrency: 'EUR', variableFeeBps: 5, fixedFee: { amount: 0n, currency: 'EUR' } }
    expect(() => validateConfigUpdate({ feeConfigs: [fee] }, 'SANDBOX')).toThrow(expect.objectContaining({ code: 'NOT_IMPLEMENTED' }))
    expect(fieldsOf({ feeConfigs: [{ ...fee, feeType: 'OTHER' }] })).toEqual(['feeConfigs.0.feeType'])
  })
})
