/** A delegated key of a card and an embedded wallet, as stored (the private key sealed). */
export interface DelegatedKey {
  id: string
  platformId: string
  environment: string
  accountId: string
  cardId: string
  fundingSourceId: string
  activeFundingSourceId: string | null
  publicKey: string
  privateKey: Uint8Array<ArrayBuffer>
  nickname: string
  status: string
  createdAt: Date
  updatedAt: Date
}
