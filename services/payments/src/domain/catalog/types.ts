import type { Caller } from '../types.js'

/** Who is calling: the tenant the credentials selected, and the request id for tracing. */
export type CatalogCaller = Pick<Caller, 'platformId' | 'environment' | 'requestId'>

/** The reference's Currency object. */
export interface CurrencyView {
  code: string
  name: string
  symbol: string
  decimals: number
}

/** A receiving institution of a corridor; `bankName` is what external accounts name it by. */
export interface Discovery {
  bankName: string
  displayName: string
  country: string
  currency: string
}

export interface UmaProvider {
  name: string
  supportedRegions: string[]
  domain: string
  logoUrl?: string
  supportedCurrencies: string[]
  lei?: string
  allowListStatus: boolean
}

export interface Vasp {
  vaspName: string
  url?: string
}

/** A field about the payer that the receiving institution wants before it accepts a payment. */
export interface PayerDataField {
  /** One of the reference's CustomerInfoFieldName values. */
  name: string
  mandatory: boolean
}

/** What a counterparty says of one of its receivers. */
export interface UmaReceiver {
  currencies: string[]
  requiredPayerDataFields: PayerDataField[]
}

/** The on-chain cost of one withdrawal of `asset` on a network, and that cost in `asset` itself. */
export interface NetworkFee {
  /** In the smallest unit of `networkFeeAsset` (satoshis, lamports, wei, sun). */
  networkFee: bigint
  networkFeeAsset: string
  /** The same cost in the smallest unit of the withdrawn asset. */
  networkFeeInAsset: bigint
  /** What the service charges on top, in the smallest unit of the withdrawn asset. */
  applicationFee: bigint
}
