import type { z } from '@hono/zod-openapi'
import type { Currency } from '@pp/proto/ledger/v1/internal_accounts'
import type { ExchangeRate, ReceiverLookup, UmaProvider } from '@pp/proto/payments/v1/catalog'
import type { ExchangeRateSchema, UmaProviderSchema } from '@pp/contracts'

/**
 * Proto → JSON for the catalogue: int64 amounts become JSON integers (below 2^53 by the
 * service's limits), decimal-string rates JSON numbers, timestamps ISO 8601 strings.
 */

const EMPTY_CURRENCY: Currency = { code: '', name: '', symbol: '', decimals: 0 }

export const exchangeRateToJson = (rate: ExchangeRate): z.infer<typeof ExchangeRateSchema> => ({
  sourceCurrency: rate.sourceCurrency ?? EMPTY_CURRENCY,
  sendingAmount: Number(rate.sendingAmount),
  minSendingAmount: Number(rate.minSendingAmount),
  maxSendingAmount: Number(rate.maxSendingAmount),
  destinationCurrency: rate.destinationCurrency ?? EMPTY_CURRENCY,
  destinationPaymentRail: rate.destinationPaymentRail as z.infer<typeof ExchangeRateSchema>['destinationPaymentRail'],
  receivingAmount: Number(rate.receivingAmount),
  exchangeRate: Number(rate.exchangeRate),
  fees: { fixed: Number(rate.fees?.fixed ?? 0n), total: Number(rate.fees?.total ?? 0n) },
  updatedAt: (rate.updatedAt ?? new Date(0)).toISOString(),
})

export const umaProviderToJson = ({ logoUrl, lei, ...provider }: UmaProvider): z.infer<typeof UmaProviderSchema> => ({
  ...provider,
  ...(logoUrl === undefined ? {} : { logoUrl }),
  ...(lei === undefined ? {} : { lei }),
})

export const lookupToJson = (lookup: ReceiverLookup | undefined) => ({
  lookupId: lookup?.lookupId ?? '',
  supportedCurrencies: (lookup?.supportedCurrencies ?? []).map((c) => ({
    currency: c.currency ?? EMPTY_CURRENCY,
    estimatedExchangeRate: Number(c.estimatedExchangeRate),
    min: Number(c.min),
    max: Number(c.max),
  })),
  requiredPayerDataFields: lookup?.requiredPayerDataFields ?? [],
})
