import { z } from '@hono/zod-openapi'
import { Identifier, listEnvelope, PaginationQuerySchema } from './common.js'
import { CurrencyAmountSchema } from './internal-accounts.js'
import { AMOUNT_MAX, PositiveAmount } from './payment-fields.js'

const cardId = Identifier().openapi({ example: 'Card:019542f5-b3e7-1d02-0000-000000000010' })
const accountId = Identifier().openapi({ example: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002' })
const cardTransactionId = Identifier().openapi({ example: 'CardTransaction:019542f5-b3e7-1d02-0000-000000000100' })
const timestamp = z.string().openapi({ format: 'date-time' })

export const CardStateSchema = z.enum(['PENDING_KYC', 'PROCESSING', 'ACTIVE', 'FROZEN', 'CLOSED']).openapi('CardState')
const CardStateReasonSchema = z.enum(['ISSUER_REJECTED', 'CLOSED_BY_PLATFORM', 'CLOSED_BY_SERVICE']).openapi('CardStateReason')
const CardFormSchema = z.enum(['VIRTUAL']).openapi('CardForm')

export const CardSchema = z
  .object({
    id: cardId,
    cardholderId: z.string().openapi({ example: 'Customer:019542f5-b3e7-1d02-0000-000000000001' }),
    platformCardId: z.string().optional(),
    state: CardStateSchema,
    stateReason: CardStateReasonSchema.nullable(),
    brand: z.enum(['VISA', 'MASTERCARD']).openapi('CardBrand'),
    form: CardFormSchema,
    last4: z.string().openapi({ example: '4242' }),
    expMonth: z.number().int().min(1).max(12),
    expYear: z.number().int(),
    fundingSources: z.array(z.string()).openapi({ description: 'Internal account ids, in the order authorizations try them' }),
    maxSpendPerTransaction: z.number().int().min(1).nullable(),
    currency: z.string().openapi({ example: 'USD' }),
    processorRef: z.string(),
    issuerRef: z.string(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .openapi('Card')
export type Card = z.output<typeof CardSchema>

export const CardListSchema = listEnvelope(CardSchema, 'CardListResponse')
export type CardListJson = z.infer<typeof CardListSchema>

const spendLimit = z.number().int().min(1).max(AMOUNT_MAX).openapi({ description: "In the smallest unit of the card's currency", example: 5000 })
const fundingSources = z.array(accountId).min(1).max(10)

export const CardCreateRequestSchema = z
  .object({
    cardholderId: Identifier().openapi({ example: 'Customer:019542f5-b3e7-1d02-0000-000000000001' }),
    platformCardId: Identifier(255).optional().openapi({ example: 'card-emp-001' }),
    form: CardFormSchema,
    fundingSources,
    maxSpendPerTransaction: spendLimit.optional(),
  })
  .openapi('CardCreateRequest')

export const CardUpdateRequestSchema = z
  .object({
    state: z.enum(['ACTIVE', 'FROZEN', 'CLOSED']).optional(),
    fundingSources: fundingSources.optional(),
    maxSpendPerTransaction: spendLimit.nullable().optional(),
  })
  .openapi('CardUpdateRequest')

export const CardIdParamsSchema = z.object({ id: cardId.openapi({ param: { name: 'id', in: 'path' } }) })

export const ListCardsQuerySchema = PaginationQuerySchema.extend({
  cardholderId: Identifier(255).optional(),
  accountId: Identifier(255).optional().openapi({ description: 'Cards funded by this internal account' }),
  platformCardId: Identifier(255).optional(),
  state: CardStateSchema.optional(),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
})

export const CardRevealResponseSchema = z
  .object({
    panEmbedUrl: z.string().openapi({ format: 'uri', description: 'A bearer secret: render it at once, never store or log it' }),
    expiresAt: timestamp,
  })
  .openapi('CardRevealResponse')
export type CardRevealJson = z.infer<typeof CardRevealResponseSchema>

export const CardMerchantSchema = z
  .object({
    descriptor: Identifier(255).openapi({ example: 'BLUE BOTTLE COFFEE SF' }),
    mcc: z.string().regex(/^\d{4}$/).optional().openapi({ example: '5814' }),
    country: z.string().regex(/^[A-Z]{2}$/).optional().openapi({ example: 'US' }),
  })
  .openapi('CardMerchant')

const CardPullSummarySchema = z.object({ count: z.number().int(), totalAmount: z.number().int(), pendingCount: z.number().int().optional() }).openapi('CardPullSummary')
const CardAmountSummarySchema = z.object({ count: z.number().int(), totalAmount: z.number().int() })

/** A card transaction, as GET /transactions lists it (type CARD) and the card-transaction webhook carries it. */
export const CardTransactionSchema = z
  .object({
    type: z.literal('CARD'),
    id: cardTransactionId,
    cardId: z.string().optional(),
    customerId: z.string(),
    platformCustomerId: z.string(),
    issuerTransactionToken: z.string().optional(),
    status: z.enum(['AUTHORIZED', 'PARTIALLY_SETTLED', 'SETTLED', 'REFUNDED', 'EXCEPTION']).openapi('CardTransactionStatus'),
    direction: z.enum(['CREDIT', 'DEBIT']),
    merchant: CardMerchantSchema,
    authorizedAmount: CurrencyAmountSchema,
    settledAmount: CurrencyAmountSchema.optional(),
    refundedAmount: CurrencyAmountSchema.optional(),
    accountId: z.string(),
    pullSummary: CardPullSummarySchema.optional(),
    refundSummary: CardAmountSummarySchema.openapi('CardRefundSummary').optional(),
    settlementSummary: CardAmountSummarySchema.openapi('CardSettlementSummary').optional(),
    authorizedAt: timestamp,
    lastEventAt: timestamp.optional(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .openapi('CardTransaction')
export type CardTransaction = z.output<typeof CardTransactionSchema>

const currency = z.object({ code: z.string().regex(/^[A-Z]{3,4}$/).openapi({ example: 'USD' }) }).openapi('SandboxCardCurrency')

export const SandboxCardAuthorizationRequestSchema = z
  .object({ amount: PositiveAmount, currency, merchant: CardMerchantSchema })
  .openapi('SandboxCardAuthorizationRequest')

export const SandboxCardClearingRequestSchema = z
  .object({ cardTransactionId, amount: z.number().int().min(0).max(AMOUNT_MAX).openapi({ description: '0 expires the authorization' }) })
  .openapi('SandboxCardClearingRequest')

export const SandboxCardAmountRequestSchema = z.object({ cardTransactionId, amount: PositiveAmount }).openapi('SandboxCardReturnRequest')

export const SandboxCardBalanceInquiryRequestSchema = z.object({ merchant: CardMerchantSchema }).openapi('SandboxCardBalanceInquiryRequest')

export const SandboxCardTransactionRefRequestSchema = z.object({ cardTransactionId }).openapi('SandboxCardTransactionRefRequest')

export const SandboxCardSimulationResponseSchema = z
  .object({ issuerTransactionToken: z.string().openapi({ example: 'sandbox_txn_0f3a9c1d2e4b5a6978c0d1e2f3a4b5c6' }) })
  .openapi('SandboxCardSimulationResponse')
export type SandboxCardSimulationJson = z.infer<typeof SandboxCardSimulationResponseSchema>
