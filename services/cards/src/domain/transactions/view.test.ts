import { CardTransactionSchema } from '@pp/contracts'
import { describe, expect, it } from 'vitest'
import type { CardTransactionRecord } from '../types.js'
import { cardTransactionView } from './view.js'

const authorized: CardTransactionRecord = {
  platformId: 'Platform:019542f5-b3e7-1d02-0000-000000000009',
  environment: 'SANDBOX',
  id: 'CardTransaction:019542f5-b3e7-1d02-0000-000000000100',
  cardId: 'Card:019542f5-b3e7-1d02-0000-000000000010',
  customerId: 'Customer:019542f5-b3e7-1d02-0000-000000000001',
  platformCustomerId: 'pc-1',
  accountId: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002',
  issuerTransactionToken: 'tok-1',
  status: 'AUTHORIZED',
  direction: 'DEBIT',
  currency: 'USD',
  merchant: { descriptor: 'BLUE BOTTLE COFFEE SF', mcc: '5814', country: 'US' },
  authorizedAmount: 450n,
  settledAmount: 0n,
  refundedAmount: 0n,
  pullCount: 1,
  pullTotal: 450n,
  pullPending: 0,
  refundCount: 0,
  lastReturnAmount: null,
  settlementCount: 0,
  version: 1,
  authorizedAt: new Date('2025-10-13T09:00:00Z'),
  lastEventAt: null,
  createdAt: new Date('2025-10-13T09:00:00Z'),
  updatedAt: new Date('2025-10-13T09:00:00Z'),
}
const settled = { ...authorized, status: 'SETTLED' as const, settledAmount: 450n, settlementCount: 1, lastEventAt: new Date('2025-10-14T09:00:00Z') }

describe('the card transaction view keeps to the CardTransaction contract', () => {
  it.each<[string, CardTransactionRecord]>([
    ['authorized', authorized],
    ['partially settled', { ...settled, status: 'PARTIALLY_SETTLED', settledAmount: 200n }],
    ['settled', settled],
    ['refunded', { ...settled, status: 'REFUNDED', refundedAmount: 450n, refundCount: 1, lastReturnAmount: 450n }],
    ['a credit (a merchant refund without an authorization), in exception', { ...authorized, status: 'EXCEPTION', direction: 'CREDIT', merchant: { descriptor: 'SHOP' } }],
  ])('%s', (_name, record) => {
    const json: unknown = JSON.parse(JSON.stringify(cardTransactionView(record)))
    expect(CardTransactionSchema.strict().parse(json)).toEqual(json)
  })
})
