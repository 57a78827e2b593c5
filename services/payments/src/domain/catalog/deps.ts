import type { Tenant } from '@pp/tenancy'
import type { RateSource } from '../rates/index.js'
import type { FeeSchedule } from '../quotes/pricing.js'
import type { CatalogProvider } from './provider.js'
import type { CatalogCaller, PayerDataField } from './types.js'

/** A crypto or fiat internal account, as far as the catalogue needs it. */
export interface InternalAccountFacts {
  id: string
  currency: string
}

/** An external account, as far as a receiver look-up needs it. */
export interface ExternalAccountFacts {
  id: string
  currency: string
  paymentRails: string[]
}

/** The ledger's accounts of the caller's tenant; both throw 404 ACCOUNT_NOT_FOUND for another tenant's. */
export interface AccountDirectory {
  internalAccount(caller: CatalogCaller, id: string): Promise<InternalAccountFacts>
  /** The account when money may be sent to it now (409 BANK_ACCOUNT_VALIDATION_PENDING, 400 INVALID_BANK_ACCOUNT otherwise). */
  externalAccount(caller: CatalogCaller, id: string): Promise<ExternalAccountFacts>
}

export type CorridorFees = (sourceCurrency: string, destinationCurrency: string) => FeeSchedule

/** How the tenant's quotes are priced: the same fees and limits a quote of the corridor gets. */
export interface TenantPricing {
  /** The service's and the platform's fees of the tenant's transfers, by corridor (read once per request). */
  feesOf(caller: CatalogCaller): Promise<CorridorFees>
  /** The largest single transaction of the corridor, in the source currency's smallest unit. */
  maxSendingAmount(sourceCurrency: string, destinationCurrency: string): bigint
}

/** A receiver look-up as it is kept for the quote that may name it. */
export interface ReceiverLookupRecord {
  id: string
  kind: 'UMA_ADDRESS' | 'EXTERNAL_ACCOUNT'
  /** The UMA address or external account id looked up. */
  receiver: string
  senderUmaAddress?: string
  customerId?: string
  supportedCurrencies: string[]
  requiredPayerDataFields: PayerDataField[]
  createdAt: Date
}

export interface LookupStore {
  save(caller: CatalogCaller, lookup: ReceiverLookupRecord): Promise<void>
  /** The tenant's look-up, for a quote that names it; another tenant's does not exist. */
  find(tenant: Tenant, id: string): Promise<ReceiverLookupRecord | undefined>
}

/** What the catalogue's use cases need; main.ts wires the real ones, tests swap them. */
/** Which conversions production offers (CATALOG_FILE's corridors: a sending currency into a receiving one). */
export interface CorridorOffers {
  offers(sourceCurrency: string, destinationCurrency: string): boolean
}

export interface CatalogDeps {
  catalog: Record<CatalogCaller['environment'], CatalogProvider>
  /** Each environment's rates, behind the replica's rate cache. */
  rates: Record<CatalogCaller['environment'], RateSource>
  /** Production's corridors (CATALOG_FILE), as quotes keep to them; unset, every priced pair is listed. */
  corridors?: CorridorOffers
  pricing: TenantPricing
  accounts: AccountDirectory
  lookups: LookupStore
  now: () => Date
}
