import { z } from '@hono/zod-openapi'
import { Identifier, listEnvelope, PaginationQuerySchema } from './common.js'
import { ExternalAccountInfoSchema } from './external-accounts-info.js'

const OwnershipType = z
  .enum(['FIRST_PARTY', 'THIRD_PARTY'])
  .openapi('OwnershipType', { description: 'Whether the account is the customer’s own or someone else’s' })
const CurrencyCode = z.string().regex(/^[A-Z0-9]{2,10}$/).openapi({ example: 'USD' })

const createFields = {
  currency: CurrencyCode,
  platformAccountId: Identifier(255).optional().openapi({ example: 'ext_acc_123456' }),
  ownershipType: OwnershipType.optional(),
  accountInfo: ExternalAccountInfoSchema,
}

export const CustomerExternalAccountCreateRequestSchema = z
  .object({
    customerId: Identifier().openapi({ example: 'Customer:019542f5-b3e7-1d02-0000-000000000001' }),
    ...createFields,
    defaultUmaDepositAccount: z.boolean().default(false),
  })
  .openapi('ExternalAccountCreateRequest')

export const PlatformExternalAccountCreateRequestSchema = z.object(createFields).openapi('PlatformExternalAccountCreateRequest')

const ExternalAccountStatusSchema = z
  .enum(['PENDING', 'ACTIVE', 'PENDING_OWNERSHIP_VERIFICATION', 'UNVERIFIED', 'UNDER_REVIEW', 'INACTIVE'])
  .openapi('ExternalAccountStatus')

const BeneficiaryVerificationStatusSchema = z
  .enum(['MATCHED', 'PARTIAL_MATCH', 'NOT_MATCHED', 'UNSUPPORTED', 'CHECKED_BY_RECEIVING_FI', 'PENDING'])
  .openapi('BeneficiaryVerificationStatus')

export const ExternalAccountSchema = z
  .object({
    id: z.string().openapi({ example: 'ExternalAccount:019542f5-b3e7-1d02-0000-000000000002' }),
    customerId: z.string().optional(),
    status: ExternalAccountStatusSchema,
    platformAccountId: z.string().optional(),
    ownershipType: OwnershipType.optional(),
    currency: z.string(),
    defaultUmaDepositAccount: z.boolean(),
    beneficiaryVerificationStatus: BeneficiaryVerificationStatusSchema.optional(),
    beneficiaryVerifiedData: z.object({ fullName: z.string() }).optional().openapi('BeneficiaryVerifiedData'),
    accountInfo: ExternalAccountInfoSchema,
  })
  .openapi('ExternalAccount')

export type ExternalAccount = z.output<typeof ExternalAccountSchema>

export const ExternalAccountListSchema = listEnvelope(ExternalAccountSchema, 'ExternalAccountListResponse')
export type ExternalAccountListJson = z.infer<typeof ExternalAccountListSchema>

export const ExternalAccountIdParamsSchema = z.object({
  externalAccountId: Identifier().openapi({ param: { name: 'externalAccountId', in: 'path' }, example: 'ExternalAccount:019542f5-b3e7-1d02-0000-000000000002' }),
})

export const ListCustomerExternalAccountsQuerySchema = PaginationQuerySchema.extend({
  currency: CurrencyCode.optional(),
  customerId: Identifier().optional(),
})

export const ListPlatformExternalAccountsQuerySchema = PaginationQuerySchema.extend({ currency: CurrencyCode.optional() })

const ScaFactor = z.enum(['SMS_OTP', 'TOTP', 'PASSKEY']).openapi('ScaFactor')

export const BeneficiaryTrustStartSchema = z
  .object({
    scaChallenge: z
      .object({
        id: z.string().openapi({ example: 'ScaChallenge:019542f5-b3e7-1d02-0000-000000000007' }),
        expiresAt: z.iso.datetime(),
        factor: ScaFactor,
        availableFactors: z.array(ScaFactor),
      })
      .optional()
      .openapi('ScaChallenge'),
  })
  .openapi('BeneficiaryTrustStart')

/** `code` for SMS_OTP / TOTP, or `passkeyAssertion` with its `origin` for PASSKEY. */
export const BeneficiaryTrustConfirmRequestSchema = z
  .object({
    challengeId: Identifier().nullish(),
    code: z.string().max(16).nullish().openapi({ description: 'In sandbox the code is always 123456', example: '123456' }),
    passkeyAssertion: z.record(z.string(), z.unknown()).nullish(),
    origin: z.string().max(255).nullish(),
  })
  .refine((body) => Boolean(body.code) || (Boolean(body.passkeyAssertion) && Boolean(body.origin)), {
    message: 'send code, or passkeyAssertion with origin',
    path: ['code'],
  })
  .openapi('BeneficiaryTrustConfirmRequest')

export const BeneficiaryTrustConfirmSchema = z.object({ trusted: z.boolean() }).openapi('BeneficiaryTrustConfirm')

export const OwnershipChallengeRequestSchema = z
  .object({ method: z.enum(['WALLET_SIGNATURE', 'LIVENESS']).openapi('OwnershipVerificationMethod') })
  .openapi('OwnershipChallengeRequest')

export const OwnershipChallengeSchema = z
  .object({
    method: z.enum(['WALLET_SIGNATURE', 'LIVENESS']),
    messageToSign: z.string().optional().openapi({ description: 'WALLET_SIGNATURE: the exact message the wallet signs' }),
    verificationLink: z.url().optional(),
    token: z.string().optional(),
    expiresAt: z.iso.datetime(),
  })
  .openapi('OwnershipChallenge')

export const OwnershipVerifyRequestSchema = z
  .object({
    signature: z.string().min(1).max(1024).openapi({ description: 'EIP-191 hex (EVM, Tron), base58 Ed25519 (Solana), hex ECDSA (Spark)' }),
    signatureScheme: z.enum(['bip137', 'electrum']).optional(),
  })
  .openapi('OwnershipVerifyRequest')
