import { z } from '@hono/zod-openapi'
import { integerParameter, PaginationQuerySchema } from './common.js'
import { CountryCode } from './customer-fields.js'
import { CurrencySchema } from './internal-accounts.js'
import { AccountId, AMOUNT_MAX, PaymentRailSchema, PositiveAmount } from './payment-fields.js'

/** A currency code as a query names it; the service answers INVALID_CURRENCY for one it does not know. */
const CurrencyQuery = z.string().regex(/^[A-Za-z0-9]{3,10}$/).openapi({ example: 'USD' })
const Amount = z.number().int().min(0).openapi({ description: 'In the smallest unit of the currency' })
const DateTime = z.string().openapi({ format: 'date-time' })

export const ExchangeRatesQuerySchema = z.object({
  sourceCurrency: CurrencyQuery.optional(),
  // a repeated parameter arrives as a list, a single one as a string
  destinationCurrency: z
    .preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(CurrencyQuery).max(50))
    .optional()
    .openapi({ param: { style: 'form', explode: true }, example: ['INR'], type: 'array', items: { type: 'string' } }),
  sendingAmount: integerParameter(0, AMOUNT_MAX).optional().openapi({ description: 'Smallest unit of the source currency; 10000 when absent', example: 10000 }),
})

export const ExchangeRateSchema = z
  .object({
    sourceCurrency: CurrencySchema,
    sendingAmount: Amount,
    minSendingAmount: Amount,
    maxSendingAmount: Amount,
    destinationCurrency: CurrencySchema,
    destinationPaymentRail: PaymentRailSchema,
    receivingAmount: Amount,
    exchangeRate: z.number().positive().openapi({ description: 'Sending currency units per receiving currency unit', example: 0.012121 }),
    fees: z.object({ fixed: Amount, total: Amount }).openapi('ExchangeRateFees'),
    updatedAt: DateTime.openapi({ description: 'When this rate was fetched; it is served from a cache of about 5 minutes' }),
  })
  .openapi('ExchangeRate')

export const ExchangeRateListSchema = z.object({ data: z.array(ExchangeRateSchema) }).openapi('ExchangeRateListResponse')

export const DiscoveriesQuerySchema = z.object({
  country: CountryCode.optional(),
  currency: CurrencyQuery.optional(),
})

export const DiscoveryListSchema = z
  .object({
    data: z.array(
      z.object({
        bankName: z.string().openapi({ description: 'Pass as bankName when creating an external account', example: 'BDO Unibank' }),
        displayName: z.string(),
        country: z.string(),
        currency: z.string(),
      }),
    ),
  })
  .openapi('DiscoveryListResponse')

export const UmaProvidersQuerySchema = PaginationQuerySchema.extend({
  countryCode: CountryCode.optional(),
  currencyCode: CurrencyQuery.optional(),
  hasBlockedProviders: z.enum(['true', 'false']).optional().openapi({ description: 'false leaves out providers not on the allow list' }),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
})

export const UmaProviderSchema = z
  .object({
    name: z.string(),
    supportedRegions: z.array(z.string()),
    domain: z.string(),
    logoUrl: z.string().optional().openapi({ format: 'uri' }),
    supportedCurrencies: z.array(CurrencySchema),
    lei: z.string().optional(),
    allowListStatus: z.boolean(),
  })
  .openapi('UmaProvider')

export const UmaProviderListSchema = z
  .object({ data: z.array(UmaProviderSchema), hasMore: z.boolean(), nextCursor: z.string().optional(), totalCount: z.number().int() })
  .openapi('UmaProviderListResponse')

export const VaspListSchema = z
  .object({
    data: z.array(z.object({ vaspName: z.string().openapi({ example: 'Kraken' }), url: z.string().optional().openapi({ format: 'uri' }) }).openapi('Vasp')),
    hasMore: z.boolean(),
    nextCursor: z.string().optional(),
  })
  .openapi('VaspListResponse')

export const VaspsQuerySchema = PaginationQuerySchema

export const EstimateWithdrawalFeeRequestSchema = z
  .object({
    internalAccountId: AccountId.openapi({ example: 'InternalAccount:a12dcbd6-dced-4ec4-b756-3c3a9ea3d123' }),
    currency: CurrencyQuery.openapi({ example: 'USDC' }),
    cryptoNetwork: z.enum(['BITCOIN', 'ETHEREUM', 'SOLANA', 'BASE', 'POLYGON', 'TRON', 'PLASMA', 'SPARK', 'LIGHTNING']),
    amount: PositiveAmount,
    destinationAddress: z.string().min(1).max(2_048).openapi({ example: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU' }),
  })
  .openapi('EstimateCryptoWithdrawalFeeRequest')

export const EstimateWithdrawalFeeResponseSchema = z
  .object({
    networkFee: Amount.openapi({ description: 'In the smallest unit of networkFeeAsset' }),
    networkFeeAsset: z.string().openapi({ example: 'SOL' }),
    applicationFee: Amount,
    totalFee: Amount.openapi({ description: 'In the smallest unit of the withdrawn currency' }),
    netAmount: Amount,
  })
  .openapi('EstimateCryptoWithdrawalFeeResponse')

export const LookupSenderQuerySchema = z.object({
  senderUmaAddress: z.string().max(255).optional().openapi({ description: 'Optional when customerId is given' }),
  customerId: AccountId.optional().openapi({ description: 'Optional when senderUmaAddress is given' }),
})

export const UmaLookupParamsSchema = z.object({
  // checked by the service, so a malformed address answers INVALID_UMA_ADDRESS as the spec says
  receiverUmaAddress: z.string().min(1).max(255).openapi({ param: { name: 'receiverUmaAddress', in: 'path' }, example: '$receiver@uma.domain' }),
})

export const ExternalAccountLookupParamsSchema = z.object({
  accountId: AccountId.openapi({ param: { name: 'accountId', in: 'path' }, example: 'ExternalAccount:e85dcbd6-dced-4ec4-b756-3c3a9ea3d965' }),
})

const lookupFields = {
  supportedCurrencies: z.array(
    z
      .object({
        currency: CurrencySchema,
        estimatedExchangeRate: z.number().positive().openapi({ description: 'Not a locked rate' }),
        min: z.number().int().positive(),
        max: z.number().int().positive(),
      })
      .openapi('CurrencyPreference'),
  ),
  requiredPayerDataFields: z.array(z.object({ name: z.string().openapi({ example: 'FULL_NAME' }), mandatory: z.boolean() }).openapi('CounterpartyFieldDefinition')),
  lookupId: z.string().openapi({ description: 'Name it in the quote that follows', example: 'Lookup:019542f5-b3e7-1d02-0000-000000000009' }),
}

export const UmaLookupResponseSchema = z.object({ ...lookupFields, receiverUmaAddress: z.string() }).openapi('ReceiverUmaLookupResponse')

export const ExternalAccountLookupResponseSchema = z.object({ ...lookupFields, accountId: z.string() }).openapi('ReceiverExternalAccountLookupResponse')
