import { createRoute, z } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import type { ApiToken, PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import { ApiError } from '@pp/errors'
import { isGranted, PERMISSIONS, type Permission } from '../auth/permissions.js'
import { callContext, type GatewayApp } from '../context.js'
import { permissionsFromProto, permissionToProto } from '../grpc/permissions.js'
import { requires } from '../middleware/require-permission.js'
import { errorResponses, isoTimestamp, listEnvelope, PaginationQuerySchema } from '../schemas/common.js'

const Permission = z.enum(PERMISSIONS).openapi('Permission', {
  description:
    'VIEW reads everything; TRANSACT sends payments; MANAGE manages configuration, tokens and customers, and may read them too.',
})

const ApiTokenSchema = z
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

const ApiTokenCreateRequest = z
  .object({
    name: z.string().trim().min(1).max(255).openapi({ example: 'Sandbox read-only' }),
    permissions: z.array(Permission).min(1),
  })
  .openapi('ApiTokenCreateRequest')

const timestampFilter = (description: string) =>
  z.iso.datetime({ offset: true }).optional().openapi({ description: `${description} (inclusive)` })

const ListTokensQuery = PaginationQuerySchema.extend({
  name: z.string().optional().openapi({ description: 'Tokens with exactly this name' }),
  createdAfter: timestampFilter('Created at or after'),
  createdBefore: timestampFilter('Created at or before'),
  updatedAfter: timestampFilter('Updated at or after'),
  updatedBefore: timestampFilter('Updated at or before'),
})

const TokenIdParams = z.object({
  tokenId: z.string().openapi({ param: { name: 'tokenId', in: 'path' }, example: 'Token:019542f5-b3e7-1d02-0000-000000000001' }),
})

const tokenResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ApiTokenSchema } },
})

const createToken = createRoute({
  method: 'post',
  path: '/tokens',
  operationId: 'createToken',
  ...requires('MANAGE'),
  tags: ['API Tokens'],
  summary: 'Create an API token for the calling environment',
  request: { body: { required: true, content: { 'application/json': { schema: ApiTokenCreateRequest } } } },
  responses: { 201: tokenResponse('The token, with its secret shown this once'), ...errorResponses(400) },
})

const listTokens = createRoute({
  method: 'get',
  path: '/tokens',
  operationId: 'listTokens',
  ...requires('VIEW'),
  tags: ['API Tokens'],
  summary: 'List API tokens, newest first',
  request: { query: ListTokensQuery },
  responses: {
    200: { description: 'A page of tokens', content: { 'application/json': { schema: listEnvelope(ApiTokenSchema, 'TokenListResponse') } } },
    ...errorResponses(400),
  },
})

const getToken = createRoute({
  method: 'get',
  path: '/tokens/{tokenId}',
  operationId: 'getTokenById',
  ...requires('VIEW'),
  tags: ['API Tokens'],
  summary: 'Get an API token',
  request: { params: TokenIdParams },
  responses: { 200: tokenResponse('The token'), ...errorResponses(404) },
})

const deleteToken = createRoute({
  method: 'delete',
  path: '/tokens/{tokenId}',
  operationId: 'deleteTokenById',
  ...requires('MANAGE'),
  tags: ['API Tokens'],
  summary: 'Delete an API token; it stops authenticating at once',
  request: { params: TokenIdParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(400, 404) },
})

export function registerTokenRoutes(
  app: GatewayApp,
  platform: PlatformServiceClient,
  onTokenDeleted: (tokenId: string) => void,
): void {
  app.openapi(createToken, async (c) => {
    const body = c.req.valid('json')
    assertGrantable(c.get('principal').permissions, body.permissions)
    const request = { name: body.name, permissions: body.permissions.map(permissionToProto) }
    const { token } = await callUnary(platform, platform.createToken, request, callContext(c))
    return c.json(tokenToJson(token!), 201)
  })
  app.openapi(listTokens, async (c) => {
    const query = c.req.valid('query')
    const date = (value: string | undefined) => (value === undefined ? undefined : new Date(value))
    const request = {
      name: query.name,
      createdAfter: date(query.createdAfter),
      createdBefore: date(query.createdBefore),
      updatedAfter: date(query.updatedAfter),
      updatedBefore: date(query.updatedBefore),
      limit: query.limit,
      cursor: query.cursor,
    }
    const page = await callUnary(platform, platform.listTokens, request, callContext(c))
    return c.json({ ...page, data: page.data.map(tokenToJson) }, 200)
  })
  app.openapi(getToken, async (c) => {
    const { token } = await callUnary(platform, platform.getToken, c.req.valid('param'), callContext(c))
    return c.json(tokenToJson(token!), 200)
  })
  app.openapi(deleteToken, async (c) => {
    const { tokenId } = c.req.valid('param')
    await callUnary(platform, platform.deleteToken, { tokenId }, callContext(c))
    onTokenDeleted(tokenId)
    return c.body(null, 204)
  })
}

function tokenToJson(token: ApiToken): z.infer<typeof ApiTokenSchema> {
  return {
    id: token.id,
    name: token.name,
    permissions: permissionsFromProto(token.permissions),
    clientId: token.clientId,
    clientSecret: token.clientSecret,
    createdAt: isoTimestamp(token.createdAt)!,
    updatedAt: isoTimestamp(token.updatedAt)!,
  }
}

/** A token can hand out only what it holds, so MANAGE alone cannot mint a TRANSACT token. */
function assertGrantable(held: readonly Permission[], requested: readonly Permission[]): void {
  const beyond = requested.filter((permission) => !isGranted(held, permission))
  if (beyond.length > 0) {
    throw new ApiError('FORBIDDEN', `This API token cannot grant ${beyond.join(', ')}, which it does not hold`, {
      permissions: beyond,
    })
  }
}
