import type { DelegatedKey } from './types.js'

/** The API's DelegatedKey: never its private half. */
export interface DelegatedKeyView {
  id: string
  cardId: string
  fundingSourceId: string
  accountId: string
  /** Compressed P-256 public key, hex. */
  publicKey: string
  nickname: string
  status: string
  createdAt: string
  updatedAt: string
}

export const delegatedKeyView = (key: DelegatedKey): DelegatedKeyView => ({
  id: key.id,
  cardId: key.cardId,
  fundingSourceId: key.fundingSourceId,
  accountId: key.accountId,
  publicKey: key.publicKey,
  nickname: key.nickname,
  status: key.status,
  createdAt: key.createdAt.toISOString(),
  updatedAt: key.updatedAt.toISOString(),
})

export const delegatedKeyListView = (keys: DelegatedKey[]): { data: DelegatedKeyView[] } => ({ data: keys.map(delegatedKeyView) })
