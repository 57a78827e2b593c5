import { QuoteSchema } from '@pp/contracts'
import { describe, expect, it } from 'vitest'
import { sandboxFundingInstructions, walletSigningInstructions } from './payment-instructions.js'
import { CREATED, DESTINATION_ID, EXPIRES, SOURCE_ID, shownRateDetails, storedQuote } from './test-quote.js'
import type { QuoteRow } from './types.js'
import { quoteJson } from './view.js'

describe('quoteJson', () => {
  it("shows the reference's Quote: numbers for amounts and rates, currency objects, the fields of each side's type", () => {
    expect(quoteJson(storedQuote(), CREATED)).toEqual({
      id: 'Quote:019542f5-b3e7-7d02-8000-000000000006',
      status: 'PENDING',
      createdAt: '2025-10-03T12:00:00.000Z',
      expiresAt: '2025-10-03T12:05:00.000Z',
      source: { sourceType: 'ACCOUNT', accountId: SOURCE_ID },
      destination: { destinationType: 'ACCOUNT', accountId: DESTINATION_ID, paymentRail: 'SEPA' },
      sendingCurrency: { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 },
      receivingCurrency: { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2 },
      totalSendingAmount: 10_050,
      totalReceivingAmount: 9_200,
      exchangeRate: 0.92,
      feesIncluded: 50,
      platformFeesIncluded: 20,
      transactionId: 'Transaction:019542f5-b3e7-7d02-8000-000000000004',
      rateDetails: shownRateDetails,
    })
  })

  it('shows a PENDING quote EXPIRED once its price lapsed', () => {
    expect(quoteJson(storedQuote(), EXPIRES).status).toBe('EXPIRED')
    expect(quoteJson(storedQuote({ status: 'COMPLETED' }), EXPIRES).status).toBe('COMPLETED')
  })

  it('shows the payment instructions of a realtime-funding quote and its customer and currency', () => {
    const instructions = sandboxFundingInstructions('Quote:019542f5-b3e7-7d02-8000-000000000006', 'USD')
    const quote = storedQuote({
      source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId: 'Customer:1' },
      sourceKind: 'REALTIME_FUNDING',
      sourceAccountType: null,
      paymentInstructions: instructions,
    })
    expect(quoteJson(quote, CREATED)).toMatchObject({ source: { sourceType: 'REALTIME_FUNDING', customerId: 'Customer:1', currency: 'USD' }, paymentInstructions: instructions })
  })

  it('shows an UMA destination by its address and currency', () => {
    const quote = storedQuote({ destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$bob@uma.example', currency: 'EUR' }, destinationKind: 'UMA' })
    expect(quoteJson(quote, CREATED).destination).toEqual({ destinationType: 'UMA_ADDRESS', umaAddress: '$bob@uma.example', currency: 'EUR' })
  })
})

const QUOTE_ID = 'Quote:019542f5-b3e7-7d02-8000-000000000006'
const realtimeFunding = (currency: string): Partial<QuoteRow> => ({
  source: { sourceType: 'REALTIME_FUNDING', currency, customerId: 'Customer:1' },
  sourceKind: 'REALTIME_FUNDING',
  sourceAccountType: null,
  sendingCurrency: currency,
  paymentInstructions: sandboxFundingInstructions(QUOTE_ID, currency),
})
const scaChallenge = { id: 'ScaChallenge:1', expiresAt: '2025-10-03T12:05:00.000Z', factor: 'SMS_OTP', availableFactors: ['SMS_OTP', 'PASSKEY'] }

describe('the quote view keeps to the Quote contract', () => {
  it.each<[string, Partial<QuoteRow>]>([
    ['pending, from an account to an account on a chosen rail', {}],
    ['from an account of the platform itself, the rail chosen automatically', { customerId: null, source: { sourceType: 'ACCOUNT', accountId: SOURCE_ID, currency: 'USD' }, destination: { destinationType: 'ACCOUNT', accountId: DESTINATION_ID, currency: 'EUR' } }],
    ['awaiting its SCA authorization', { status: 'PENDING_AUTHORIZATION', scaChallenge, ...realtimeFunding('USD') }],
    ['processing', { status: 'PROCESSING' }],
    ['completed', { status: 'COMPLETED' }],
    ['failed', { status: 'FAILED' }],
    ['to an UMA address', { destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$bob@uma.example', currency: 'EUR' }, destinationKind: 'UMA' }],
    ['from an embedded wallet, with the payload its session signs', { paymentInstructions: walletSigningInstructions('{"requestId":"Request:1"}') }],
    ...['USD', 'EUR', 'MXN', 'GBP', 'BTC'].map((currency): [string, Partial<QuoteRow>] => [`realtime-funded in ${currency}, with its collection account`, realtimeFunding(currency)]),
    ['realtime-funded in a currency without a collection account', { ...realtimeFunding('BRL'), source: { sourceType: 'REALTIME_FUNDING', currency: 'BRL', cryptoNetwork: 'PIX' } }],
  ])('a quote %s', (_name, overrides) => {
    const json: unknown = JSON.parse(JSON.stringify(quoteJson(storedQuote(overrides), CREATED)))
    expect(QuoteSchema.strict().parse(json)).toEqual(json)
  })

  it('a quote whose price lapsed', () => {
    const json: unknown = JSON.parse(JSON.stringify(quoteJson(storedQuote(), EXPIRES)))
    expect(QuoteSchema.strict().parse(json)).toMatchObject({ status: 'EXPIRED' })
    expect(QuoteSchema.strict().parse(json)).toEqual(json)
  })
})
