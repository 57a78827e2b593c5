import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCustomer, euroExternalAccount, startPaymentsWorld, type Customer, type PaymentsWorld } from './payments-support.js'

/**
 * The payments catalogue through the real gateway and services: exchange rates priced with the
 * platform's configured fee, withdrawal fee estimates on a provisioned crypto account, and
 * receiver look-ups of a real external account, each kept for the quote that may follow.
 */
let world: PaymentsWorld
let customer: Customer

beforeAll(async () => {
  world = await startPaymentsWorld('catalog')
  customer = await createCustomer(world)
  const fee = { feeType: 'CROSS_CURRENCY_TRANSACTION', sourceCurrency: 'USD', variableFeeBps: 0, fixedFee: { amount: 150, currency: 'USD' } }
  const patched = await world.api('PATCH', '/config', { feeConfigs: [fee] })
  expect(patched.status, JSON.stringify(patched.body)).toBe(200)
}, 180_000)

afterAll(async () => {
  await world?.stop()
})

describe('GET /exchange-rates', () => {
  it("applies the platform's fee to the sending amount", async () => {
    const res = await world.api('GET', '/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR&sendingAmount=10150')
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    // 10000 cents converted at 1 EUR = 1.08 USD: 9259 euro cents
    expect(res.body.data).toEqual([
      expect.objectContaining({ destinationPaymentRail: 'SEPA_INSTANT', sendingAmount: 10150, receivingAmount: 9259, exchangeRate: 1.08, fees: { fixed: 150, total: 150 } }),
    ])
    expect(Date.parse(res.body.data[0].updatedAt)).not.toBeNaN()
  })

  it('answers INVALID_CURRENCY for a currency the service does not know', async () => {
    expect((await world.api('GET', '/exchange-rates?sourceCurrency=XYZ')).body).toMatchObject({ code: 'INVALID_CURRENCY' })
  })
})

describe('POST /crypto/estimate-withdrawal-fee', () => {
  it("prices a withdrawal from the customer's bitcoin account, and 404s an account of no one", async () => {
    const accounts = (await world.api('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}&currency=BTC`)).body.data
    const bitcoin = accounts.find((a: { type: string }) => a.type === 'INTERNAL_CRYPTO')
    const body = { internalAccountId: bitcoin.id, currency: 'BTC', cryptoNetwork: 'BITCOIN', amount: 100_000, destinationAddress: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' }
    const res = await world.api('POST', '/crypto/estimate-withdrawal-fee', body)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toEqual({ networkFee: 1500, networkFeeAsset: 'BTC', applicationFee: 0, totalFee: 1500, netAmount: 98_500 })
    const unknown = await world.api('POST', '/crypto/estimate-withdrawal-fee', { ...body, internalAccountId: 'InternalAccount:019542f5-b3e7-7d02-8000-000000000001' })
    expect(unknown.status).toBe(404)
  })
})

describe('receiver look-ups', () => {
  it("looks up the customer's euro account and keeps the look-up", async () => {
    const accountId = await euroExternalAccount(world, customer.id, '100')
    const res = await world.api('GET', `/receiver/external-account/${accountId}?customerId=${encodeURIComponent(customer.id)}`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({
      accountId,
      lookupId: expect.stringMatching(/^Lookup:/),
      supportedCurrencies: [{ currency: { code: 'EUR' }, estimatedExchangeRate: 1.08, min: 1 }],
      requiredPayerDataFields: expect.arrayContaining([{ name: 'FULL_NAME', mandatory: true }]),
    })
  })

  it('answers the sandbox UMA directory: a receiver, a malformed address, no receiver', async () => {
    const sender = `?customerId=${encodeURIComponent(customer.id)}`
    const found = await world.api('GET', `/receiver/uma/${encodeURIComponent('$ana@uma.sandbox-eu.example')}${sender}`)
    expect(found.status, JSON.stringify(found.body)).toBe(200)
    expect(found.body).toMatchObject({ receiverUmaAddress: '$ana@uma.sandbox-eu.example', supportedCurrencies: [{ currency: { code: 'EUR' } }] })
    expect((await world.api('GET', `/receiver/uma/ana@uma.me${sender}`)).body).toMatchObject({ code: 'INVALID_UMA_ADDRESS' })
    const missing = await world.api('GET', `/receiver/uma/${encodeURIComponent('$nobody404@uma.me')}${sender}`)
    expect(missing.status).toBe(404)
    expect(missing.body.code).toBe('UMA_NOT_FOUND')
  })
})

describe('quotes to an UMA address', () => {
  const ana = '$ana@uma.sandbox-eu.example'
  const lookUp = async (address: string) => world.api('GET', `/receiver/uma/${encodeURIComponent(address)}?customerId=${encodeURIComponent(customer.id)}`)
  const quoteTo = (umaAddress: string, extra: Record<string, unknown> = {}) =>
    world.api('POST', '/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: customer.accounts.USD },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress, currency: 'EUR' },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 1_000,
      ...extra,
    })

  it("prices one that names its receiver's look-up and the payer data it asked for", async () => {
    const { lookupId } = (await lookUp(ana)).body
    const res = await quoteTo(ana, { lookupId, senderCustomerInfo: { FULL_NAME: 'Grace Hopper' } })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body).toMatchObject({ destination: { destinationType: 'UMA_ADDRESS', umaAddress: ana, currency: 'EUR' } })
  })

  it('refuses one without a look-up, with an unknown one, with one of another receiver, or without the mandatory payer data', async () => {
    const withoutLookup = await quoteTo(ana, { senderCustomerInfo: { FULL_NAME: 'Grace Hopper' } })
    expect(withoutLookup.status).toBe(400)
    expect(withoutLookup.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [expect.objectContaining({ field: 'lookupId' })] } })

    const unknown = await quoteTo(ana, { lookupId: 'Lookup:019542f5-b3e7-7d02-8000-000000000009', senderCustomerInfo: { FULL_NAME: 'Grace Hopper' } })
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe('LOOKUP_REQUEST_NOT_FOUND')

    const { lookupId: otherLookup } = (await lookUp('$bob@uma.sandbox-eu.example')).body
    const otherReceiver = await quoteTo(ana, { lookupId: otherLookup, senderCustomerInfo: { FULL_NAME: 'Grace Hopper' } })
    expect(otherReceiver.status).toBe(400)
    expect(otherReceiver.body.code).toBe('INVALID_RECEIVER')

    const { lookupId } = (await lookUp(ana)).body
    const withoutName = await quoteTo(ana, { lookupId, senderCustomerInfo: { COUNTRY_OF_RESIDENCE: 'FR' } })
    expect(withoutName.status).toBe(400)
    expect(withoutName.body).toMatchObject({ code: 'MISSING_MANDATORY_USER_INFO', details: { missingFields: ['FULL_NAME'] } })
  })

  it('gives no look-up, so no quote, to a receiver the counterparty does not know or does not allow', async () => {
    expect((await lookUp('$nobody404@uma.me')).body.code).toBe('UMA_NOT_FOUND')
    const disallowed = await lookUp('$closed403@uma.me')
    expect(disallowed.status).toBe(403)
    expect(disallowed.body.code).toBe('COUNTERPARTY_NOT_ALLOWED')
  })
})

it('lists the directories', async () => {
  expect((await world.api('GET', '/discoveries?country=PH&currency=PHP')).body.data).toContainEqual({ bankName: 'BDO Unibank', displayName: 'BDO Unibank', country: 'PH', currency: 'PHP' })
  expect((await world.api('GET', '/uma-providers?hasBlockedProviders=false')).body).toMatchObject({ totalCount: 5, hasMore: false })
  expect((await world.api('GET', '/vasps?limit=2')).body).toMatchObject({ data: [{ vaspName: 'Binance' }, { vaspName: 'Bitso' }], hasMore: true })
})
