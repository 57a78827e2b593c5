import type * as contract from '@pp/contracts'
import type { DelegatedKey } from './types.js'

/** The API's DelegatedKey: never its private half. */
export type DelegatedKeyView = contract.DelegatedKey

/** The status is stored as a string; this service writes only ACTIVE and REVOKED, values of the contract. */
export const delegatedKeyView = (key: DelegatedKey): DelegatedKeyView => ({
  id: key.id,
  cardId: key.cardId,
  fundingSourceId: key.fundingSourceId,
  accountId: key.accountId,
  publicKey: key.publicKey,
  nickname: key.nickname,
  status: key.status as DelegatedKeyView['status'],
  createdAt: key.createdAt.toISOString(),
  updatedAt: key.updatedAt.toISOString(),
})

export const delegatedKeyListView = (keys: DelegatedKey[]): contract.DelegatedKeyListJson => ({ data: keys.map(delegatedKeyView) })
