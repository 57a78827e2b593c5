import { z } from '@hono/zod-openapi'
import { WalletAccountId } from './auth-credentials.js'
import { Identifier } from './common.js'

export const DelegatedKeySchema = z
  .object({
    id: z.string().openapi({ example: 'DelegatedKey:019542f5-b3e7-1d02-0000-000000000009' }),
    cardId: z.string(),
    fundingSourceId: z.string(),
    accountId: z.string(),
    publicKey: z.string().openapi({ description: 'Compressed P-256 public key, hex; the private key never leaves the service' }),
    nickname: z.string(),
    status: z.enum(['PENDING', 'ACTIVE', 'REVOKED']).openapi('DelegatedKeyStatus'),
    createdAt: z.string().openapi({ format: 'date-time' }),
    updatedAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('DelegatedKey')

export type DelegatedKey = z.output<typeof DelegatedKeySchema>

export const DelegatedKeyListSchema = z.object({ data: z.array(DelegatedKeySchema) }).openapi('DelegatedKeyListResponse')
export type DelegatedKeyListJson = z.infer<typeof DelegatedKeyListSchema>

export const DelegatedKeyCreateRequestSchema = z
  .object({
    cardId: Identifier(),
    internalAccountId: WalletAccountId,
    nickname: Identifier(256),
  })
  .openapi('DelegatedKeyCreateRequest')

/** At least one filter: the reference lists keys of a wallet, of a card funding source, or both. */
export const DelegatedKeyListQuerySchema = z
  .object({
    accountId: WalletAccountId.optional(),
    fundingSourceId: Identifier().optional(),
  })
  .refine((query) => query.accountId !== undefined || query.fundingSourceId !== undefined, {
    message: 'accountId or fundingSourceId is required',
    path: ['accountId'],
  })

export const DelegatedKeyIdParamsSchema = z.object({
  id: Identifier().openapi({ param: { name: 'id', in: 'path' } }),
})
