import { tableResolver } from '@pp/egress'
import { ApiError } from '@pp/errors'
import { describe, expect, it } from 'vitest'
import type { ConfigUpdate } from '../types.js'
import { validateConfigUpdate } from './config-rules.js'

const usd = { currencyCode: 'USD', minAmount: 1n, maxAmount: 10n, requiredCounterpartyFields: [], enabledTransactionTypes: ['OUTGOING'] }

const resolveHost = tableResolver({ 'x.example': ['93.184.216.34'], 'inside.example': ['10.0.0.7'] })

/** Local development's rules (a sandbox endpoint may be on loopback) unless `allowLoopback` says otherwise. */
async function errorsOf(update: ConfigUpdate, environment: 'SANDBOX' | 'PRODUCTION', allowLoopback = true): Promise<{ field: string; message: string }[]> {
  try {
    await validateConfigUpdate(update, { environment, allowLoopback }, resolveHost)
    return []
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError)
    return (err as ApiError).details.errors as { field: string; message: string }[]
  }
}

const fieldsOf = async (update: ConfigUpdate, environment: 'SANDBOX' | 'PRODUCTION' = 'SANDBOX') =>
  (await errorsOf(update, environment)).map((e) => e.field)

describe('configuration rules', () => {
  it('accepts an empty update and a sound one', async () => {
    expect(await fieldsOf({})).toEqual([])
    expect(await fieldsOf({ supportedCurrencies: [usd, { ...usd, currencyCode: 'BTC' }], webhookEndpoint: 'https://x.example/h' })).toEqual([])
  })

  it('reports every bad field at once', async () => {
    const update: ConfigUpdate = {
      umaDomain: ' ',
      supportedCurrencies: [{ ...usd, currencyCode: 'usd', minAmount: -1n }, { ...usd, requiredCounterpartyFields: [{ name: 'SHOE_SIZE', mandatory: true }] }],
    }
    expect(await fieldsOf(update)).toEqual([
      'umaDomain',
      'supportedCurrencies.0.currencyCode',
      'supportedCurrencies.0.minAmount',
      'supportedCurrencies.1.requiredCounterpartyFields.0.name',
    ])
  })

  it('allows the skip-paperwork option in sandbox only', async () => {
    expect(await fieldsOf({ skipVerificationPaperwork: true })).toEqual([])
    expect(await fieldsOf({ skipVerificationPaperwork: true }, 'PRODUCTION')).toEqual(['skipVerificationPaperwork'])
    expect(await fieldsOf({ skipVerificationPaperwork: false }, 'PRODUCTION')).toEqual([])
  })

  it('wants a production webhookEndpoint that resolves to public addresses only', async () => {
    expect(await errorsOf({ webhookEndpoint: 'https://x.example/h' }, 'PRODUCTION')).toEqual([])
    expect(await errorsOf({ webhookEndpoint: 'https://inside.example/h' }, 'PRODUCTION')).toEqual([
      { field: 'webhookEndpoint', message: 'must resolve to public addresses only: inside.example resolves to 10.0.0.7, a private address' },
    ])
    expect(await errorsOf({ webhookEndpoint: 'https://127.0.0.1:9000/h' }, 'PRODUCTION')).toEqual([
      { field: 'webhookEndpoint', message: 'must resolve to public addresses only: 127.0.0.1 is a loopback address' },
    ])
    expect(await errorsOf({ webhookEndpoint: 'https://metadata.google.internal/computeMetadata/v1' }, 'PRODUCTION')).toEqual([
      { field: 'webhookEndpoint', message: 'must resolve to public addresses only: metadata.google.internal is an internal name' },
    ])
    expect(await errorsOf({ webhookEndpoint: 'https://nowhere.example/h' }, 'PRODUCTION')).toEqual([
      { field: 'webhookEndpoint', message: 'must resolve to public addresses only: nowhere.example does not resolve (ENOTFOUND)' },
    ])
  })

  it('lets a sandbox webhookEndpoint use loopback, not a private address', async () => {
    expect(await fieldsOf({ webhookEndpoint: 'http://127.0.0.1:9000/h' })).toEqual([])
    expect(await fieldsOf({ webhookEndpoint: 'https://nowhere.example/h' })).toEqual([])
    expect(await errorsOf({ webhookEndpoint: 'http://169.254.169.254/latest/meta-data' }, 'SANDBOX')).toEqual([
      { field: 'webhookEndpoint', message: 'must resolve to public or loopback addresses only: 169.254.169.254 is a link-local address' },
    ])
  })

  it('refuses a loopback endpoint in a sandbox that is not local development, and plain http in production', async () => {
    expect(await errorsOf({ webhookEndpoint: 'http://127.0.0.1:9000/hooks' }, 'SANDBOX', false)).toEqual([
      { field: 'webhookEndpoint', message: 'must resolve to public addresses only: 127.0.0.1 is a loopback address' },
    ])
    expect(await errorsOf({ webhookEndpoint: 'http://x.example/hooks' }, 'PRODUCTION')).toEqual([
      { field: 'webhookEndpoint', message: 'must resolve to public addresses only: a production endpoint must use https' },
    ])
    expect(await errorsOf({ webhookEndpoint: 'https://x.example/hooks' }, 'PRODUCTION')).toEqual([])
  })

  it('answers NOT_IMPLEMENTED for a fee outside USD once the fields are valid', async () => {
    const fee = { feeType: 'CROSS_CURRENCY_TRANSACTION', sourceCurrency: 'EUR', variableFeeBps: 5, fixedFee: { amount: 0n, currency: 'EUR' } }
    await expect(validateConfigUpdate({ feeConfigs: [fee] }, { environment: 'SANDBOX', allowLoopback: true }, resolveHost)).rejects.toMatchObject({ code: 'NOT_IMPLEMENTED' })
    expect(await fieldsOf({ feeConfigs: [{ ...fee, feeType: 'OTHER' }] })).toEqual(['feeConfigs.0.feeType'])
  })
})
