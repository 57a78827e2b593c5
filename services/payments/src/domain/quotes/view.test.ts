import { describe, expect, it } from 'vitest'
import { sandboxFundingInstructions } from './payment-instructions.js'
import { CREATED, DESTINATION_ID, EXPIRES, SOURCE_ID, shownRateDetails, storedQuote } from './test-quote.js'
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
