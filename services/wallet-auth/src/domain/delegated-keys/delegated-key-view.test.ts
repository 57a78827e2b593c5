import { DelegatedKeyListSchema, DelegatedKeySchema } from '@pp/contracts'
import { describe, expect, it } from 'vitest'
import { STORED_AT, WALLET_ACCOUNT_ID } from '../../../test/records.js'
import { delegatedKeyListView, delegatedKeyView } from './delegated-key-view.js'
import type { DelegatedKey } from './types.js'

const active: DelegatedKey = {
  id: 'DelegatedKey:019542f5-b3e7-1d02-0000-000000000009',
  platformId: 'Platform:019542f5-b3e7-1d02-0000-000000000009',
  environment: 'SANDBOX',
  accountId: WALLET_ACCOUNT_ID,
  cardId: 'Card:019542f5-b3e7-1d02-0000-000000000010',
  fundingSourceId: 'FundingSource:019542f5-b3e7-1d02-0000-000000000011',
  activeFundingSourceId: 'FundingSource:019542f5-b3e7-1d02-0000-000000000011',
  publicKey: `02${'a1'.repeat(32)}`,
  privateKey: new Uint8Array([1, 2, 3]),
  nickname: 'Checkout',
  status: 'ACTIVE',
  createdAt: STORED_AT,
  updatedAt: STORED_AT,
}
const revoked: DelegatedKey = { ...active, status: 'REVOKED', activeFundingSourceId: null, privateKey: new Uint8Array(0) }

/** The view as it travels (JSON). */
const roundTrip = (view: unknown): unknown => JSON.parse(JSON.stringify(view))

describe('the delegated key views keep to the DelegatedKey contracts', () => {
  it.each([active, revoked].map((key) => [key.status, key] as const))('a key %s', (_status, key) => {
    const json = roundTrip(delegatedKeyView(key))
    expect(DelegatedKeySchema.strict().parse(json)).toEqual(json)
  })

  it('a list of keys', () => {
    const json = roundTrip(delegatedKeyListView([active, revoked]))
    expect(DelegatedKeyListSchema.strict().parse(json)).toEqual(json)
  })
})
