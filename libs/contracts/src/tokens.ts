import { z } from '@hono/zod-openapi'
import { PERMISSIONS } from '@pp/vocabulary'
import { Identifier, listEnvelope, PaginationQuerySchema } from './common.js'
import { Timestamp } from './customer-fields.js'

const Permission = z.enum(PERMISSIONS).openapi('Permission', {
  description:
    'VIEW reads everything; TRANSACT sends payments; MANAGE manages configuration, tokens and customers, and may read them too.',
})

export const ApiTokenSchema = z
  .object({
    id: z.string().openapi({ example: 'Token:019542f5-b3e7-1d02-0000-000000000001' }),
    name: z.string(),
    permissions: z.array(Permission),
    clientId: z.string().openapi({ description: 'The HTTP Basic username.', example: '01947d2284054f890000e63bca4810df' }),
    clientSecret: z.string().optional().openapi({ description: 'The HTTP Basic password; returned only when the token is created.' }),
    createdAt: z.string().openapi({ format: 'date-time' }),
    updatedAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('ApiToken')

export type ApiToken = z.output<typeof ApiTokenSchema>

export const TokenListSchema = listEnvelope(ApiTokenSchema, 'TokenListResponse')
export type TokenListJson = z.infer<typeof TokenListSchema>

export const ApiTokenCreateRequestSchema = z
  .object({
    name: Identifier(255, z.string().trim()).openapi({ example: 'Sandbox read-only' }),
    permissions: z.array(Permission).min(1),
  })
  .openapi('ApiTokenCreateRequest')

const timestampFilter = (description: string) =>
  Timestamp.optional().openapi({ description: `${description} (inclusive)` })

export const ListTokensQuerySchema = PaginationQuerySchema.extend({
  name: Identifier(255).optional().openapi({ description: 'Tokens with exactly this name' }),
  createdAfter: timestampFilter('Created at or after'),
  createdBefore: timestampFilter('Created at or before'),
  updatedAfter: timestampFilter('Updated at or after'),
  updatedBefore: timestampFilter('Updated at or before'),
})

export const TokenIdParamsSchema = z.object({
  tokenId: Identifier().openapi({ param: { name: 'tokenId', in: 'path' }, example: 'Token:019542f5-b3e7-1d02-0000-000000000001' }),
})
