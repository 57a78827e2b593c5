import { z } from '@hono/zod-openapi'
import { SignedRetryHeadersSchema } from './signed-requests.js'
import { Identifier } from './common.js'
import { CurrencyCode, UmaAddress } from './customer-fields.js'
import { IdempotencyHeadersSchema } from './customers.js'
import { CurrencySchema, PaymentInstructionsSchema } from './internal-accounts.js'
import {
  AccountId,
  AMOUNT_MAX,
  CustomerInfoSchema,
  PaymentRailSchema,
  PositiveAmount,
  PurposeOfPaymentSchema,
  RemittanceInformation,
} from './payment-fields.js'
import { ScaChallengeSchema } from './sca.js'

const CryptoNetwork = z.string().min(1).max(32).openapi({ example: 'SOLANA' })

export const QuoteSourceSchema = z
  .discriminatedUnion('sourceType', [
    z.object({
      sourceType: z.literal('ACCOUNT'),
      accountId: AccountId.openapi({ example: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002' }),
      customerId: AccountId.optional().openapi({ example: 'Customer:019542f5-b3e7-1d02-0000-000000000001' }),
    }),
    z.object({
      sourceType: z.literal('REALTIME_FUNDING'),
      customerId: AccountId.optional().openapi({ description: 'Absent when the platform funds the payment itself' }),
      currency: CurrencyCode.openapi({ description: 'The currency the funds arrive in' }),
      cryptoNetwork: CryptoNetwork.optional(),
    }),
  ])
  .openapi('QuoteSource')

export const QuoteDestinationSchema = z
  .discriminatedUnion('destinationType', [
    z.object({
      destinationType: z.literal('ACCOUNT'),
      accountId: AccountId.openapi({ description: 'An internal or external account', example: 'ExternalAccount:019542f5-b3e7-1d02-0000-000000000003' }),
      paymentRail: PaymentRailSchema.optional().openapi({ description: 'One of the rails of the destination; chosen automatically when absent' }),
    }),
    z.object({
      destinationType: z.literal('UMA_ADDRESS'),
      umaAddress: UmaAddress,
      currency: CurrencyCode.optional(),
    }),
  ])
  .openapi('QuoteDestination')

const QuoteLockSideSchema = z
  .enum(['SENDING', 'RECEIVING'])
  .openapi('QuoteLockSide', { description: 'Which side of the payment lockedCurrencyAmount fixes' })

const PlatformFeeOverrideSchema = z
  .object({
    platformFixedFee: z.object({ amount: z.number().int().min(0).max(AMOUNT_MAX), currency: CurrencyCode }),
    platformVariableFeeBps: z.number().int().min(0).max(10_000),
  })
  .openapi('PlatformFeeOverride')

export const QuoteRequestSchema = z
  .object({
    lookupId: Identifier().optional(),
    source: QuoteSourceSchema,
    destination: QuoteDestinationSchema,
    lockedCurrencySide: QuoteLockSideSchema,
    lockedCurrencyAmount: PositiveAmount,
    immediatelyExecute: z.boolean().default(false).openapi({ description: 'Execute at once; the answer is then 202' }),
    description: z.string().max(1024).optional(),
    remittanceInformation: RemittanceInformation.optional(),
    purposeOfPayment: PurposeOfPaymentSchema.optional(),
    platformFeeOverride: PlatformFeeOverrideSchema.optional(),
    senderCustomerInfo: CustomerInfoSchema.optional(),
  })
  .openapi('QuoteRequest')

export type QuoteRequestJson = z.infer<typeof QuoteRequestSchema>

export const QUOTE_STATUSES = ['PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED'] as const

export const RateDetailsSchema = z
  .object({
    counterpartyMultiplier: z.number(),
    counterpartyFixedFee: z.number().int().min(0),
    serviceApiMultiplier: z.number(),
    serviceApiFixedFee: z.number().int().min(0),
    serviceApiVariableFeeRate: z.number().min(0),
    serviceApiVariableFeeAmount: z.number().int().min(0),
  })
  .openapi('OutgoingRateDetails')

export const QuoteSchema = z
  .object({
    id: z.string().openapi({ example: 'Quote:019542f5-b3e7-1d02-0000-000000000006' }),
    status: z.enum(QUOTE_STATUSES).openapi('QuoteStatus'),
    createdAt: z.string().openapi({ format: 'date-time' }),
    expiresAt: z.string().openapi({ format: 'date-time' }),
    source: QuoteSourceSchema,
    destination: QuoteDestinationSchema,
    sendingCurrency: CurrencySchema,
    receivingCurrency: CurrencySchema,
    totalSendingAmount: z.number().int().openapi({ description: 'What leaves the source, fees included' }),
    totalReceivingAmount: z.number().int(),
    exchangeRate: z.number().openapi({ description: 'Receiving units per sending unit, fees excluded' }),
    feesIncluded: z.number().int().min(0),
    platformFeesIncluded: z.number().int().min(0).optional(),
    paymentInstructions: z.array(PaymentInstructionsSchema).optional().openapi({ description: 'Where to send the funds of a REALTIME_FUNDING quote' }),
    transactionId: z.string().openapi({
      description: 'The transaction the quote becomes when it executes; its id is fixed when the quote is made',
      example: 'Transaction:019542f5-b3e7-1d02-0000-000000000005',
    }),
    rateDetails: RateDetailsSchema.optional(),
    scaChallenge: ScaChallengeSchema.optional().openapi({ description: 'Only while PENDING_AUTHORIZATION (customers in an SCA region): authorize it with POST /quotes/{quoteId}/authorize' }),
  })
  .openapi('Quote')

export type Quote = z.output<typeof QuoteSchema>

export const QuoteIdParamsSchema = z.object({
  quoteId: Identifier().openapi({ param: { name: 'quoteId', in: 'path' }, example: 'Quote:019542f5-b3e7-1d02-0000-000000000006' }),
})

export const ExecuteQuoteRequestSchema = z
  .object({ scaFactor: z.enum(['SMS_OTP', 'PASSKEY']).optional().openapi({ description: 'Preferred factor where strong customer authentication applies' }) })
  .openapi('ExecuteQuoteRequest')

/** The signed-retry headers of an embedded-wallet source (checked by the guard) and the Idempotency-Key. */
export const ExecuteQuoteHeadersSchema = SignedRetryHeadersSchema.extend(IdempotencyHeadersSchema.shape)
