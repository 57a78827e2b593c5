import { TransactionSchema } from '@pp/contracts'
import { describe, expect, it } from 'vitest'
import { CREATED, DESTINATION_ID, SOURCE_ID, shownRateDetails, storedQuote } from '../quotes/test-quote.js'
import { transactionFromQuote } from './from-quote.js'
import { transactionJson } from './view.js'
import type { TransactionRow } from './types.js'

const usd = { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 }
const eur = { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2 }

/** The outgoing transaction of the stored quote, as its execution records it. */
const executed = (overrides: Partial<TransactionRow> = {}): TransactionRow => ({ ...transactionFromQuote(storedQuote(), CREATED, 'Request:1'), ...overrides })

describe('transactionJson', () => {
  it("shows the reference's OutgoingTransaction: amounts with their currency, rates as numbers, refund times as stored", () => {
    const row = executed({
      status: 'FAILED',
      failureReason: 'PAYOUT_RETURNED',
      refund: { reference: 'Transaction:1:refund', initiatedAt: '2025-10-03T12:01:00.000Z', status: 'COMPLETED', reason: 'TRANSACTION_FAILED' },
      settledAt: new Date('2025-10-03T12:00:30Z'),
      updatedAt: new Date('2025-10-03T12:01:00Z'),
    })
    expect(transactionJson(row)).toEqual({
      id: row.id,
      status: 'FAILED',
      type: 'OUTGOING',
      direction: 'DEBIT',
      source: { sourceType: 'ACCOUNT', accountId: SOURCE_ID, currency: 'USD' },
      destination: { destinationType: 'ACCOUNT', accountId: DESTINATION_ID, currency: 'EUR' },
      customerId: 'Customer:1',
      platformCustomerId: 'pc-1',
      sentAmount: { amount: 10_050, currency: usd },
      receivedAmount: { amount: 9_200, currency: eur },
      exchangeRate: 0.92,
      fees: 50,
      platformFees: 20,
      description: 'Invoice 7',
      quoteId: 'Quote:019542f5-b3e7-7d02-8000-000000000006',
      failureReason: 'PAYOUT_RETURNED',
      refund: { reference: 'Transaction:1:refund', initiatedAt: '2025-10-03T12:01:00.000Z', status: 'COMPLETED', reason: 'TRANSACTION_FAILED' },
      rateDetails: shownRateDetails,
      paymentRail: 'SEPA',
      reconciliationInstructions: { reference: row.reference },
      settledAt: '2025-10-03T12:00:30.000Z',
      createdAt: '2025-10-03T12:00:00.000Z',
      updatedAt: '2025-10-03T12:01:00.000Z',
    })
  })

  it('shows a failure reason only once FAILED', () => {
    expect(transactionJson(executed({ status: 'PROCESSING', failureReason: 'PAYOUT_RETURNED' }))).not.toHaveProperty('failureReason')
  })

  it('leaves optional fields out rather than null, and a source the ledger did not report', () => {
    const credited = executed({
      type: 'INCOMING',
      direction: 'CREDIT',
      status: 'COMPLETED',
      quoteId: null,
      source: {},
      exchangeRate: null,
      rateDetails: null,
      description: null,
      paymentRail: null,
    })
    const view = transactionJson(credited)
    for (const field of ['source', 'quoteId', 'exchangeRate', 'rateDetails', 'description', 'paymentRail', 'refund', 'settledAt', 'receiptDeliveryConfirmedAt']) {
      expect(view).not.toHaveProperty(field)
    }
  })

  it("shows of each side only its type's fields, whatever else was recorded with it", () => {
    const funded = executed({
      source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId: 'Customer:1', paymentRail: 'ACH', accountHolderName: 'Sandbox Sender' },
    })
    expect(transactionJson(funded)).toHaveProperty('source', { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId: 'Customer:1', paymentRail: 'ACH' })
    const received = executed({
      source: { sourceType: 'UMA_ADDRESS', umaAddress: '$sender@uma.example', currency: 'USD' },
      destination: { destinationType: 'ACCOUNT', accountId: 'InternalAccount:1', currency: 'USD', umaAddress: '$bob@uma.example' },
    })
    expect(transactionJson(received)).toMatchObject({
      source: { sourceType: 'UMA_ADDRESS', umaAddress: '$sender@uma.example', currency: 'USD' },
      destination: { destinationType: 'ACCOUNT', accountId: 'InternalAccount:1', currency: 'USD' },
    })
    expect(transactionJson(received)).not.toHaveProperty('destination.umaAddress')
  })
})

describe('the transaction view keeps to the Transaction contract', () => {
  /** The view as it travels (JSON), parsed by the contract: it keeps every field and adds none. */
  const expectContract = (row: TransactionRow) => {
    const json: unknown = JSON.parse(JSON.stringify(transactionJson(row)))
    expect(TransactionSchema.parse(json)).toEqual(json)
  }
  const failed = { status: 'FAILED', failureReason: 'PAYOUT_RETURNED', failureDetails: { rail: 'ACH', returnCode: 'R01', returnReason: 'Insufficient funds' } }
  const refunded = { reference: 'Transaction:1:refund', initiatedAt: '2025-10-03T12:01:00.000Z', status: 'COMPLETED', reason: 'TRANSACTION_FAILED' }

  it.each(['PENDING', 'PROCESSING', 'COMPLETED', 'EXPIRED'])('an outgoing transaction, %s', (status) => {
    expectContract(executed({ status, settledAt: status === 'COMPLETED' ? new Date('2025-10-03T12:00:30Z') : null }))
  })

  it('an outgoing transaction that failed and was refunded', () => {
    expectContract(executed({ ...failed, refund: refunded }))
  })

  it.each([
    ['from an UMA address', { sourceType: 'UMA_ADDRESS', umaAddress: '$sender@uma.example', currency: 'USD' }],
    ['from realtime funding', { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId: 'Customer:1', paymentRail: 'ACH' }],
    ['credited by the ledger, with no source', {}],
  ])('an incoming transaction %s', (_name, source) => {
    expectContract(
      executed({ type: 'INCOMING', direction: 'CREDIT', status: 'COMPLETED', quoteId: null, source, exchangeRate: null, rateDetails: null, paymentRail: null }),
    )
  })

  it("a card transaction, as the cards service made it", () => {
    const card = {
      type: 'CARD',
      id: 'CardTransaction:019542f5-b3e7-1d02-0000-000000000007',
      customerId: 'Customer:1',
      platformCustomerId: 'pc-1',
      status: 'SETTLED',
      direction: 'DEBIT',
      merchant: { descriptor: 'BLUE BOTTLE COFFEE SF', mcc: '5814', country: 'US' },
      authorizedAmount: { amount: 450, currency: { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 } },
      accountId: 'InternalAccount:1',
      authorizedAt: '2025-10-03T12:00:00.000Z',
      createdAt: '2025-10-03T12:00:00.000Z',
      updatedAt: '2025-10-03T12:00:00.000Z',
    }
    expectContract(executed({ type: 'CARD', cardJson: card }))
  })
})
