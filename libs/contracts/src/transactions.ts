import { z } from '@hono/zod-openapi'
import { CardTransactionSchema } from './cards.js'
import { Identifier, listEnvelope, PaginationQuerySchema } from './common.js'
import { CurrencyCode, Timestamp, UmaAddress } from './customer-fields.js'
import { CurrencyAmountSchema } from './internal-accounts.js'
import { AccountId, CustomerInfoSchema, PaymentRailSchema, PositiveAmount } from './payment-fields.js'
import { RateDetailsSchema } from './quotes.js'

export const TRANSACTION_STATUSES = [
  'CREATED', 'PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'REJECTED', 'FAILED', 'REFUNDED', 'EXPIRED',
] as const
const TransactionStatusSchema = z.enum(TRANSACTION_STATUSES).openapi('TransactionStatus')
const TransactionTypeSchema = z.enum(['INCOMING', 'OUTGOING', 'CARD']).openapi('TransactionType')

export const TransactionSourceSchema = z
  .discriminatedUnion('sourceType', [
    z.object({ sourceType: z.literal('ACCOUNT'), accountId: z.string(), currency: z.string().optional() }),
    z.object({ sourceType: z.literal('UMA_ADDRESS'), umaAddress: z.string(), currency: z.string().optional() }),
    z.object({
      sourceType: z.literal('REALTIME_FUNDING'),
      customerId: z.string().optional(),
      currency: z.string(),
      paymentRail: z.string().optional(),
      remittanceInformation: z.string().optional(),
    }),
  ])
  .openapi('TransactionSource')

export const TransactionDestinationSchema = z
  .discriminatedUnion('destinationType', [
    z.object({ destinationType: z.literal('ACCOUNT'), accountId: z.string(), currency: z.string().optional() }),
    z.object({ destinationType: z.literal('UMA_ADDRESS'), umaAddress: z.string(), currency: z.string().optional() }),
  ])
  .openapi('TransactionDestination')

const RefundSchema = z
  .object({
    reference: z.string(),
    initiatedAt: z.string().openapi({ format: 'date-time' }),
    settledAt: z.string().optional().openapi({ format: 'date-time' }),
    status: z.enum(['PENDING', 'COMPLETED', 'FAILED']),
    reason: z.enum(['TRANSACTION_FAILED', 'USER_CANCELLATION', 'TIMEOUT']).optional(),
  })
  .openapi('Refund')

const commonFields = {
  id: z.string().openapi({ example: 'Transaction:019542f5-b3e7-1d02-0000-000000000004' }),
  status: TransactionStatusSchema,
  direction: z.enum(['CREDIT', 'DEBIT']).openapi('TransactionDirection'),
  destination: TransactionDestinationSchema,
  customerId: z.string(),
  platformCustomerId: z.string(),
  settledAt: z.string().optional().openapi({ format: 'date-time', description: 'Set once settled' }),
  createdAt: z.string().openapi({ format: 'date-time' }),
  updatedAt: z.string().openapi({ format: 'date-time' }),
  receiptDeliveryConfirmedAt: z.string().optional().openapi({ format: 'date-time' }),
  description: z.string().optional(),
  exchangeRate: z.number().optional(),
  quoteId: z.string().optional(),
  refund: RefundSchema.optional(),
  fees: z.number().int().min(0).optional(),
  reconciliationInstructions: z.object({ reference: z.string(), transactionHash: z.string().optional() }).optional(),
  failureReason: z.string().optional().openapi({ example: 'QUOTE_EXECUTION_FAILED' }),
  failureDetails: z
    .object({
      rail: z.string().openapi({ example: 'ACH' }),
      returnCode: z.string().optional().openapi({ example: 'R01', description: 'The bank\'s return reason code' }),
      returnReason: z.string().optional().openapi({ example: 'Insufficient funds' }),
      traceNumber: z.string().optional().openapi({ description: 'The trace number of the returned entry' }),
      reason: z.string().optional(),
    })
    .optional()
    .openapi('TransactionFailureDetails', { description: 'What the payment rail said when it failed the payout (a returned bank payment)' }),
  pendingReason: z.string().optional(),
}

const IncomingTransactionSchema = z
  .object({
    ...commonFields,
    type: z.literal('INCOMING'),
    source: TransactionSourceSchema.optional(),
    sentAmount: CurrencyAmountSchema.optional(),
    receivedAmount: CurrencyAmountSchema,
  })
  .openapi('IncomingTransaction')

const OutgoingTransactionSchema = z
  .object({
    ...commonFields,
    type: z.literal('OUTGOING'),
    source: TransactionSourceSchema,
    sentAmount: CurrencyAmountSchema,
    receivedAmount: CurrencyAmountSchema.optional(),
    platformFees: z.number().int().min(0).optional(),
    rateDetails: RateDetailsSchema.optional(),
    paymentRail: PaymentRailSchema.optional(),
    expectedSettlementAt: z.string().optional().openapi({ format: 'date-time' }),
  })
  .openapi('OutgoingTransaction')

export const TransactionSchema = z.discriminatedUnion('type', [IncomingTransactionSchema, OutgoingTransactionSchema, CardTransactionSchema]).openapi('Transaction')

export type Transaction = z.output<typeof TransactionSchema>

export const TransactionListSchema = listEnvelope(TransactionSchema, 'TransactionListResponse')
export type TransactionListJson = z.infer<typeof TransactionListSchema>

const identifier = Identifier(255)

/** Every filter of the spec and the reference; they combine, all must match. */
export const ListTransactionsQuerySchema = PaginationQuerySchema.extend({
  customerId: identifier.optional().openapi({ example: 'Customer:019542f5-b3e7-1d02-0000-000000000001' }),
  platformCustomerId: identifier.optional(),
  accountIdentifier: identifier.optional().openapi({ description: 'An account on either side' }),
  senderAccountIdentifier: identifier.optional(),
  receiverAccountIdentifier: identifier.optional(),
  status: TransactionStatusSchema.optional(),
  type: TransactionTypeSchema.optional(),
  reference: identifier.optional(),
  startDate: Timestamp.optional().openapi({ description: 'Created at or after' }),
  endDate: Timestamp.optional().openapi({ description: 'Created at or before' }),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
})

export const TransactionIdParamsSchema = z.object({
  transactionId: Identifier().openapi({ param: { name: 'transactionId', in: 'path' }, example: 'Transaction:019542f5-b3e7-1d02-0000-000000000004' }),
})

export const ConfirmReceiptRequestSchema = z
  .object({ receiptDeliveryConfirmedAt: Timestamp.optional().openapi({ description: 'When the receipt reached the payer; now when absent' }) })
  .openapi('ConfirmReceiptDeliveryRequest')

export const ApprovePaymentRequestSchema = z
  .object({ receiverCustomerInfo: CustomerInfoSchema.optional() })
  .openapi('ApprovePaymentRequest')

const reason = z.string().min(1).max(255)
export const RejectPaymentRequestSchema = z.object({ reason: reason.optional().openapi({ example: 'RESTRICTED_JURISDICTION' }) }).openapi('RejectPaymentRequest')
export const CancelTransactionRequestSchema = z.object({ reason: reason.optional().openapi({ example: 'REQUESTED_AFTER_HOURS' }) }).openapi('CancelTransactionRequest')

export const SandboxSendRequestSchema = z
  .object({
    quoteId: Identifier().openapi({ example: 'Quote:019542f5-b3e7-1d02-0000-000000000006' }),
    currencyCode: CurrencyCode.openapi({ description: "Must be the quote's funding currency" }),
    currencyAmount: PositiveAmount.optional().openapi({ description: 'Derived from the quote when absent' }),
  })
  .openapi('SandboxSendRequest')

export const SandboxUmaReceiveRequestSchema = z
  .object({
    senderUmaAddress: UmaAddress,
    receiverUmaAddress: UmaAddress.optional(),
    customerId: AccountId.optional(),
    receivingCurrencyCode: CurrencyCode,
    receivingCurrencyAmount: PositiveAmount,
  })
  .openapi('SandboxUmaReceiveRequest')
