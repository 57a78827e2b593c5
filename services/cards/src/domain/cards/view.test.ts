import { CardSchema } from '@pp/contracts'
import { describe, expect, it } from 'vitest'
import type { CardRecord, CardWithSources } from '../types.js'
import { cardView } from './view.js'

const card: CardRecord = {
  platformId: 'Platform:019542f5-b3e7-1d02-0000-000000000009',
  environment: 'SANDBOX',
  id: 'Card:019542f5-b3e7-1d02-0000-000000000010',
  cardholderId: 'Customer:019542f5-b3e7-1d02-0000-000000000001',
  platformCustomerId: 'pc-1',
  platformCardId: 'my-card-1',
  state: 'ACTIVE',
  stateReason: null,
  brand: 'VISA',
  form: 'VIRTUAL',
  currency: 'USD',
  last4: '4242',
  expMonth: 12,
  expYear: 2029,
  panSealed: new Uint8Array(),
  panKeyId: 'key-1',
  maxSpendPerTransaction: 50_000n,
  processorRef: 'proc-1',
  issuerRef: 'iss-1',
  createdAt: new Date('2025-10-13T09:00:00Z'),
  updatedAt: new Date('2025-10-13T09:00:00Z'),
}
const source = { id: 'Binding:1', accountId: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002', accountType: 'INTERNAL_FIAT', position: 0 }

describe('the card view keeps to the Card contract', () => {
  it.each<[string, CardWithSources]>([
    ['an active card with a limit', { card, sources: [source] }],
    ['a card still processing, without a platform id or limit', { card: { ...card, state: 'PROCESSING', platformCardId: null, maxSpendPerTransaction: null }, sources: [] }],
    ['a frozen card', { card: { ...card, state: 'FROZEN' }, sources: [source] }],
    ['a closed card, with its reason', { card: { ...card, state: 'CLOSED', stateReason: 'CLOSED_BY_PLATFORM' }, sources: [] }],
  ])('%s', (_name, stored) => {
    const json: unknown = JSON.parse(JSON.stringify(cardView(stored)))
    expect(CardSchema.strict().parse(json)).toEqual(json)
  })
})
