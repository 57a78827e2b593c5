import type { ExchangeRate, ReceiverLookup as ReceiverLookupProto, UmaProvider as UmaProviderProto } from '@pp/proto/payments/v1/catalog'
import { findCurrency, type Currency } from '@pp/money'
import type { CorridorRate } from '../domain/catalog/exchange-rates.js'
import type { ReceiverLookup } from '../domain/catalog/receiver-lookups.js'
import type { UmaProvider } from '../domain/catalog/types.js'

export const exchangeRateToProto = (rate: CorridorRate): ExchangeRate => ({ ...rate })

/** A currency code the service knows as the Currency object; an unknown one keeps its code alone. */
const currencyOf = (code: string): Currency => findCurrency(code) ?? { code, name: code, symbol: code, decimals: 0 }

export const umaProviderToProto = (provider: UmaProvider): UmaProviderProto => ({
  ...provider,
  supportedCurrencies: provider.supportedCurrencies.map(currencyOf),
})

export const receiverLookupToProto = (lookup: ReceiverLookup): ReceiverLookupProto => ({
  lookupId: lookup.lookupId,
  supportedCurrencies: lookup.supportedCurrencies,
  requiredPayerDataFields: lookup.requiredPayerDataFields,
})
