import { beforeEach, describe, expect, it } from 'vitest'
import { lookupExternalAccount, lookupUma } from './receiver-lookups.js'
import { SANDBOX_CALLER, testCatalogDeps } from '../../../test/catalog-deps.js'

const CUSTOMER = 'Customer:019542f5-b3e7-7d02-8000-000000000009'
const EUR_ACCOUNT = 'ExternalAccount:019542f5-b3e7-7d02-8000-000000000003'
const usd = { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 }
const mxn = { code: 'MXN', name: 'Mexican Peso', symbol: '$', decimals: 2 }

describe('lookupUma', () => {
  let setup: ReturnType<typeof testCatalogDeps>
  beforeEach(() => {
    setup = testCatalogDeps()
  })

  it("answers what a sandbox provider's receiver accepts, priced from the platform's currency, and keeps the look-up", async () => {
    const found = await lookupUma(setup.deps, SANDBOX_CALLER, '$Maria@uma.sandbox-mx.example', { customerId: CUSTOMER })
    expect(found).toEqual({
      lookupId: expect.stringMatching(/^Lookup:[0-9a-f-]{36}$/),
      receiverUmaAddress: '$maria@uma.sandbox-mx.example',
      supportedCurrencies: [
        // 1 MXN = 0.058 USD; at most 10,000,000 cents sent = 1,724,137.93 MXN
        { currency: mxn, estimatedExchangeRate: '0.058', min: 1n, max: 172_413_793n },
        { currency: usd, estimatedExchangeRate: '1', min: 1n, max: 10_000_000n },
      ],
      requiredPayerDataFields: [
        { name: 'FULL_NAME', mandatory: true },
        { name: 'COUNTRY_OF_RESIDENCE', mandatory: false },
      ],
    })
    expect(setup.saved).toEqual([
      {
        id: found.lookupId,
        kind: 'UMA_ADDRESS',
        receiver: '$maria@uma.sandbox-mx.example',
        customerId: CUSTOMER,
        senderUmaAddress: undefined,
        supportedCurrencies: ['MXN', 'USD'],
        requiredPayerDataFields: found.requiredPayerDataFields,
        createdAt: new Date('2026-01-01T00:00:05Z'),
      },
    ])
  })

  it('gives a receiver at any other domain USD and BTC', async () => {
    const found = await lookupUma(setup.deps, SANDBOX_CALLER, '$bob@wallet.example.org', { senderUmaAddress: '$alice@uma.sandbox-us.example' })
    expect(found.supportedCurrencies.map((c) => c.currency.code)).toEqual(['USD', 'BTC'])
  })

  it.each([
    ['a malformed receiver', 'bob@uma.me', { customerId: CUSTOMER }, 'INVALID_UMA_ADDRESS'],
    ['a malformed sender', '$bob@uma.me', { senderUmaAddress: 'alice' }, 'INVALID_UMA_ADDRESS'],
    ['no sender at all', '$bob@uma.me', {}, 'INVALID_INPUT'],
    ['a customer id of another type', '$bob@uma.me', { customerId: 'Platform:1' }, 'INVALID_INPUT'],
    ['a payment to oneself', '$bob@uma.me', { senderUmaAddress: '$BOB@uma.me' }, 'SELF_PAYMENT'],
    ['suffix 404: no such receiver', '$carol404@uma.me', { customerId: CUSTOMER }, 'UMA_NOT_FOUND'],
    ['suffix 400: the counterparty refuses', '$carol400@uma.me', { customerId: CUSTOMER }, 'LOOKUP_REQUEST_FAILED'],
    ['suffix 424: the counterparty does not answer', '$carol424@uma.me', { customerId: CUSTOMER }, 'LNURLP_REQUEST_FAILED'],
  ])('refuses %s and keeps nothing', async (_case, address, sender, code) => {
    await expect(lookupUma(setup.deps, SANDBOX_CALLER, address, sender)).rejects.toMatchObject({ code })
    expect(setup.saved).toEqual([])
  })
})

describe('lookupExternalAccount', () => {
  let setup: ReturnType<typeof testCatalogDeps>
  beforeEach(() => {
    setup = testCatalogDeps()
    setup.ledger.external.set(EUR_ACCOUNT, { id: EUR_ACCOUNT, currency: 'EUR', paymentRails: ['SEPA', 'SWIFT'] })
  })

  it("answers the account's currency and what its rails want of the payer", async () => {
    const found = await lookupExternalAccount(setup.deps, SANDBOX_CALLER, EUR_ACCOUNT, { customerId: CUSTOMER })
    expect(found).toMatchObject({
      accountId: EUR_ACCOUNT,
      supportedCurrencies: [{ currency: { code: 'EUR' }, estimatedExchangeRate: '1.08', min: 1n }],
      requiredPayerDataFields: [
        { name: 'FULL_NAME', mandatory: true },
        { name: 'POSTAL_ADDRESS', mandatory: true },
        { name: 'PURPOSE_OF_PAYMENT', mandatory: true },
      ],
    })
    expect(setup.saved).toMatchObject([{ id: found.lookupId, kind: 'EXTERNAL_ACCOUNT', receiver: EUR_ACCOUNT, supportedCurrencies: ['EUR'] }])
  })

  it('404s an account the tenant does not have, and refuses an id that is not an external account id', async () => {
    await expect(lookupExternalAccount(setup.deps, SANDBOX_CALLER, 'ExternalAccount:019542f5-b3e7-7d02-8000-00000000000f', { customerId: CUSTOMER })).rejects.toMatchObject({ code: 'ACCOUNT_NOT_FOUND' })
    await expect(lookupExternalAccount(setup.deps, SANDBOX_CALLER, 'Customer:x', { customerId: CUSTOMER })).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    expect(setup.saved).toEqual([])
  })
})
