import { z } from '@hono/zod-openapi'
import { ClientPublicKey } from './auth-credentials.js'
import { Identifier, listEnvelope, PaginationQuerySchema } from './common.js'

export const INTERNAL_ACCOUNT_TYPES = ['INTERNAL_FIAT', 'INTERNAL_CRYPTO', 'EMBEDDED_WALLET', 'RULE_BASED'] as const

export const InternalAccountTypeSchema = z.enum(INTERNAL_ACCOUNT_TYPES).openapi('InternalAccountType', {
  description: 'INTERNAL_FIAT, INTERNAL_CRYPTO and EMBEDDED_WALLET accounts are provisioned automatically; RULE_BASED ones are created',
})

export const InternalAccountStatusSchema = z
  .enum(['PENDING', 'ACTIVE', 'CLOSED', 'FROZEN', 'FAILED'])
  .openapi('InternalAccountStatus', { description: 'Only ACTIVE accounts send and receive payments' })

export const CurrencySchema = z
  .object({
    code: z.string().openapi({ example: 'USD' }),
    name: z.string().openapi({ example: 'United States Dollar' }),
    symbol: z.string().openapi({ example: '$' }),
    decimals: z.number().int().min(0).openapi({ example: 2 }),
  })
  .openapi('Currency')

export const CurrencyAmountSchema = z
  .object({
    amount: z.number().int().openapi({ description: "In the currency's smallest unit", example: 12550 }),
    currency: CurrencySchema,
  })
  .openapi('CurrencyAmount')

const reference = z.string().openapi({ description: 'Include with the payment so it is credited to this account', example: 'REF-0123456789' })

/** The coordinates of one funding instruction, by account type (the kinds this service issues). */
const AccountOrWalletInfoSchema = z
  .discriminatedUnion('accountType', [
    z.object({
      accountType: z.literal('USD_ACCOUNT'),
      paymentRails: z.array(z.enum(['ACH', 'WIRE', 'RTP', 'FEDNOW'])),
      accountNumber: z.string(),
      routingNumber: z.string().openapi({ example: '101001006' }),
      bankName: z.string().optional(),
      reference,
    }),
    z.object({
      accountType: z.literal('EUR_ACCOUNT'),
      paymentRails: z.array(z.enum(['SEPA', 'SEPA_INSTANT'])),
      iban: z.string(),
      swiftCode: z.string().optional(),
      reference,
    }),
    z.object({ accountType: z.literal('MXN_ACCOUNT'), paymentRails: z.array(z.enum(['SPEI'])), clabeNumber: z.string(), reference }),
    z.object({
      accountType: z.literal('GBP_ACCOUNT'),
      paymentRails: z.array(z.enum(['FASTER_PAYMENTS'])),
      sortCode: z.string(),
      accountNumber: z.string(),
      reference,
    }),
    z.object({ accountType: z.literal('SPARK_WALLET'), address: z.string(), assetType: z.string().openapi({ example: 'USDB' }) }),
    z.object({
      accountType: z.literal('EMBEDDED_WALLET'),
      payloadToSign: z.string().openapi({ description: 'Stamp it byte for byte; send the stamp as Service-Wallet-Signature on POST /quotes/{quoteId}/execute' }),
    }),
  ])
  .openapi('PaymentAccountOrWalletInfo')

export const PaymentInstructionsSchema = z
  .object({
    instructionsNotes: z.string().optional(),
    isPlatformAccount: z.boolean(),
    accountOrWalletInfo: AccountOrWalletInfoSchema,
  })
  .openapi('PaymentInstructions')

export type PaymentInstructions = z.output<typeof PaymentInstructionsSchema>

const sweepRuleFields = {
  destinationAccountId: z
    .string()
    .min(1)
    .max(128)
    .openapi({ description: "One of the customer's active USD holding accounts", example: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002' }),
  payerName: z.string().min(1).max(255).optional().openapi({ description: 'The payer incoming payments are attributed to', example: 'Acme Corp' }),
}

export const SweepRuleSchema = z.object(sweepRuleFields).openapi('SweepRule')
const SweepRuleRequestSchema = z.object(sweepRuleFields).openapi('SweepRuleRequest')

export const CardCapabilitiesSchema = z
  .object({ actions: z.array(z.enum(['PURCHASE', 'REFUND', 'BALANCE_INQUIRY'])) })
  .openapi('CardCapabilities', { description: 'What a card issued now with this account as funding source can do' })

export const InternalAccountSchema = z
  .object({
    id: z.string().openapi({ example: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002' }),
    customerId: z.string().optional().openapi({ description: 'Absent when the account belongs to the platform' }),
    type: InternalAccountTypeSchema,
    status: InternalAccountStatusSchema,
    balance: CurrencyAmountSchema.openapi({ description: 'Available to spend: pending and held funds excluded' }),
    totalBalance: CurrencyAmountSchema.openapi({ description: 'Including pending and held funds' }),
    fundingPaymentInstructions: z.array(PaymentInstructionsSchema),
    createdAt: z.string().openapi({ format: 'date-time' }),
    updatedAt: z.string().openapi({ format: 'date-time' }),
    label: z.string().max(255).nullable(),
    sweepRule: SweepRuleSchema.nullable().openapi({ description: 'Null unless the account is RULE_BASED' }),
    privateEnabled: z.boolean().optional().openapi({ description: 'Present only for EMBEDDED_WALLET accounts' }),
    cardCapabilities: CardCapabilitiesSchema.optional().openapi({ description: 'Absent when the account cannot fund a card' }),
  })
  .openapi('InternalAccount')

export type InternalAccount = z.output<typeof InternalAccountSchema>

export const InternalAccountListSchema = listEnvelope(InternalAccountSchema, 'InternalAccountListResponse')
export type InternalAccountListJson = z.infer<typeof InternalAccountListSchema>

const filterFields = {
  currency: z.string().min(1).max(8).optional().openapi({ example: 'USD' }),
  type: InternalAccountTypeSchema.optional(),
}

export const ListCustomerInternalAccountsQuerySchema = PaginationQuerySchema.extend({
  ...filterFields,
  customerId: Identifier().optional().openapi({ example: 'Customer:019542f5-b3e7-1d02-0000-000000000001' }),
})

export const ListPlatformInternalAccountsQuerySchema = PaginationQuerySchema.extend(filterFields)

export const InternalAccountCreateRequestSchema = z
  .object({
    type: InternalAccountTypeSchema.openapi({ description: 'Must be RULE_BASED' }),
    currency: z.string().min(3).max(8).openapi({ description: 'Only USD is offered', example: 'USD' }),
    customerId: Identifier().optional().openapi({ description: 'Required: platform-owned rule-based accounts are not offered' }),
    label: z.string().max(255).optional(),
    sweepRule: SweepRuleRequestSchema.optional().openapi({ description: 'Required: the account and its rule are created together' }),
  })
  .openapi('InternalAccountCreateRequest')

/** Hono hands headers to the validator with lower-case names. */
export const RequiredIdempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .openapi({ description: 'Required: the account number created cannot be reversed; a retry with the key returns the first account' }),
})

export const AccountIdParamsSchema = z.object({
  accountId: Identifier().openapi({ param: { name: 'accountId', in: 'path' }, example: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002' }),
})

/** The reference's bounds for one sandbox funding. */
export const SandboxFundRequestSchema = z
  .object({
    amount: z.number().int().min(1).max(100_000_000_000).openapi({ description: "In the account currency's smallest unit", example: 100000 }),
  })
  .openapi('SandboxFundRequest')

export const InternalAccountIdParamsSchema = z.object({
  id: Identifier().openapi({ param: { name: 'id', in: 'path' }, example: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002' }),
})

/** Privacy is today the one mutable field, so it is required rather than an empty no-op update. */
export const InternalAccountUpdateRequestSchema = z
  .object({ privateEnabled: z.boolean().openapi({ description: 'Wallet privacy; EMBEDDED_WALLET accounts only' }) })
  .openapi('InternalAccountUpdateRequest')

export const InternalAccountExportRequestSchema = z
  .object({ clientPublicKey: ClientPublicKey.openapi({ description: 'A fresh P-256 key; the wallet credentials are sealed to it' }) })
  .openapi('InternalAccountExportRequest')

export const InternalAccountExportResponseSchema = z
  .object({
    id: z.string().openapi({ example: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002' }),
    encryptedWalletCredentials: z.string().openapi({ description: 'An export bundle the holder of clientPublicKey decrypts' }),
  })
  .openapi('InternalAccountExportResponse')
