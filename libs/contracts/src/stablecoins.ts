import { z } from '@hono/zod-openapi'
import { Identifier, listEnvelope, PaginationQuerySchema } from './common.js'
import { RequiredIdempotencyHeadersSchema } from './internal-accounts.js'

export { RequiredIdempotencyHeadersSchema }

const ProviderSchema = z.enum(['BRALE']).openapi('StablecoinProvider')
const ProviderEnvironmentSchema = z.enum(['SANDBOX', 'PRODUCTION']).openapi('StablecoinProviderEnvironment')
const ProviderAccountStatusSchema = z.enum(['ACTIVE', 'INVALID', 'REVOKED']).openapi('StablecoinProviderAccountStatus')
const NetworkSchema = z.enum(['SPARK']).openapi('StablecoinNetwork')
const IssuanceStatusSchema = z.enum(['PENDING_REVIEW', 'PROVISIONING', 'PROVISIONED', 'REJECTED', 'FAILED']).openapi('StablecoinIssuanceStatus')
const OperationsStatusSchema = z
  .enum(['NOT_ENABLED', 'PENDING_APPROVAL', 'ENABLING', 'ENABLED', 'DISABLED'])
  .openapi('StablecoinServiceOperationsStatus')
const OperationTypeSchema = z.enum(['MINT', 'BURN']).openapi('StablecoinOperationType')
const OperationStatusSchema = z
  .enum(['CREATED', 'PENDING_FUNDING', 'PENDING_PROVIDER', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED'])
  .openapi('StablecoinOperationStatus')
const PayoutRailSchema = z.enum(['WIRE', 'ACH_CREDIT', 'SAME_DAY_ACH_CREDIT', 'RTP_CREDIT'])

/** A token amount in its smallest unit, as decimal digits. */
const TokenAmount = z.string().regex(/^[0-9]{1,40}$/).openapi({ pattern: '^[0-9]+$', example: '1000000' })
const Credential = z.string().min(1).max(512)
const TokenIdentifier = z.string().min(1).max(255).regex(/^[\x21-\x7E]+$/)

export const ProviderAccountLinkRequestSchema = z
  .object({
    provider: ProviderSchema,
    apiClientId: Credential,
    apiClientSecret: Credential.openapi({ writeOnly: true }),
    providerAccountId: Identifier(255).optional(),
  })
  .openapi('StablecoinProviderAccountLinkRequest')

export const ProviderAccountSchema = z
  .object({
    id: z.string(),
    provider: ProviderSchema,
    providerAccountId: z.string(),
    providerEnvironment: ProviderEnvironmentSchema,
    status: ProviderAccountStatusSchema,
    lastVerifiedAt: z.iso.datetime().optional(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('StablecoinProviderAccount')
export type ProviderAccount = z.output<typeof ProviderAccountSchema>

export const ProviderAccountListSchema = listEnvelope(ProviderAccountSchema, 'StablecoinProviderAccountListResponse')
export type ProviderAccountListJson = z.infer<typeof ProviderAccountListSchema>

export const ListProviderAccountsQuerySchema = PaginationQuerySchema.extend({
  provider: ProviderSchema.optional(),
  status: ProviderAccountStatusSchema.optional(),
})

export const ProviderAccountIdParamsSchema = z.object({
  stablecoinProviderAccountId: Identifier().openapi({ param: { name: 'stablecoinProviderAccountId', in: 'path' } }),
})

export const StablecoinRegisterRequestSchema = z
  .object({
    providerTokenIdentifier: TokenIdentifier,
    networkTokenIdentifier: TokenIdentifier,
    network: NetworkSchema,
    stablecoinProviderAccountId: Identifier().optional().openapi({ description: 'Required when several provider account links are active' }),
  })
  .openapi('StablecoinRegisterRequest')

export const StablecoinSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    symbol: z.string(),
    baseCurrency: z.string(),
    network: NetworkSchema,
    decimals: z.number().int(),
    issuanceStatus: IssuanceStatusSchema,
    serviceOperationsStatus: OperationsStatusSchema,
    networkTokenIdentifier: z.string(),
    currency: z.string().optional().openapi({ description: 'The token as a currency of the service, once ENABLED' }),
    provider: ProviderSchema,
    stablecoinProviderAccountId: z.string(),
    providerEnvironment: ProviderEnvironmentSchema,
    providerTokenIdentifier: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('Stablecoin')
export type Stablecoin = z.output<typeof StablecoinSchema>

export const StablecoinListSchema = listEnvelope(StablecoinSchema, 'StablecoinListResponse')
export type StablecoinListJson = z.infer<typeof StablecoinListSchema>

export const ListStablecoinsQuerySchema = PaginationQuerySchema.extend({
  issuanceStatus: IssuanceStatusSchema.optional(),
  serviceOperationsStatus: OperationsStatusSchema.optional(),
  provider: ProviderSchema.optional(),
})

export const StablecoinIdParamsSchema = z.object({
  stablecoinId: Identifier().openapi({ param: { name: 'stablecoinId', in: 'path' } }),
})

const MintFundingSourceSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('WIRE') }),
    z.object({ type: z.literal('ACH_DEBIT'), externalAccountId: Identifier() }),
    z.object({ type: z.literal('SAME_DAY_ACH_DEBIT'), externalAccountId: Identifier() }),
    z.object({ type: z.literal('SERVICE_INTERNAL_ACCOUNT'), accountId: Identifier().openapi({ description: "The platform's account in the base currency" }) }),
    z.object({ type: z.literal('PROVIDER_INTERNAL_BALANCE'), sourceTokenIdentifier: TokenIdentifier, cryptoNetwork: z.string().min(1).max(32) }),
  ])
  .openapi('StablecoinMintFundingSource')

export const StablecoinMintRequestSchema = z
  .object({
    amount: TokenAmount,
    fundingSource: MintFundingSourceSchema,
    destination: z.object({ accountId: Identifier().openapi({ description: "The stablecoin's holding account: the stablecoin's id" }) }),
  })
  .openapi('StablecoinMintRequest')

const BurnSourceSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('EXTERNAL_ACCOUNT') }),
    z.object({ type: z.literal('SERVICE_INTERNAL_ACCOUNT'), accountId: Identifier().openapi({ description: "The stablecoin's holding account: the stablecoin's id" }) }),
    z.object({ type: z.literal('PROVIDER_INTERNAL_BALANCE') }),
  ])
  .openapi('StablecoinBurnSource')

const BurnDestinationSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('EXTERNAL_ACCOUNT'), externalAccountId: Identifier().openapi({ description: "One of the platform's own bank accounts" }), rail: PayoutRailSchema }),
    z.object({ type: z.literal('SERVICE_INTERNAL_ACCOUNT'), accountId: Identifier().openapi({ description: "The platform's account in the base currency" }) }),
  ])
  .openapi('StablecoinBurnDestination')

export const StablecoinBurnRequestSchema = z
  .object({
    amount: TokenAmount,
    source: BurnSourceSchema,
    destination: BurnDestinationSchema,
  })
  .openapi('StablecoinBurnRequest')

export const StablecoinOperationSchema = z
  .object({
    id: z.string(),
    stablecoinId: z.string(),
    operationType: OperationTypeSchema,
    status: OperationStatusSchema,
    amount: z.string(),
    provider: ProviderSchema,
    providerEnvironment: ProviderEnvironmentSchema,
    stablecoinProviderAccountId: z.string(),
    source: z.object({ type: z.string(), accountId: z.string().optional(), externalAccountId: z.string().optional() }).optional(),
    destination: z.object({ accountId: z.string(), rail: PayoutRailSchema.optional() }).optional(),
    providerStatus: z.string().optional(),
    failureReason: z.string().optional(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('StablecoinOperation')
export type StablecoinOperation = z.output<typeof StablecoinOperationSchema>

export const StablecoinOperationListSchema = listEnvelope(StablecoinOperationSchema, 'StablecoinOperationListResponse')
export type StablecoinOperationListJson = z.infer<typeof StablecoinOperationListSchema>

export const ListOperationsQuerySchema = PaginationQuerySchema.extend({ operationType: OperationTypeSchema.optional() })

export const OperationIdParamsSchema = z.object({
  stablecoinOperationId: Identifier().openapi({ param: { name: 'stablecoinOperationId', in: 'path' } }),
})
