import { createRoute } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import type { PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import { ApiError } from '@pp/errors'
import type { Permission } from '@pp/vocabulary'
import { isGranted } from '../auth/permissions.js'
import { callContext, type GatewayApp } from '../context.js'
import { permissionToProto } from '../grpc/permissions.js'
import { requires } from '../middleware/require-permission.js'
import {
  ApiTokenCreateRequestSchema,
  type ApiToken,
  ApiTokenSchema,
  errorResponses,
  ListTokensQuerySchema,
  TokenIdParamsSchema,
  type TokenListJson,
  TokenListSchema,
} from '@pp/contracts'
import { json, jsonBody, ownedJson } from './json-responses.js'

const createToken = createRoute({
  method: 'post',
  path: '/tokens',
  operationId: 'createToken',
  ...requires('MANAGE'),
  tags: ['API Tokens'],
  summary: 'Create an API token for the calling environment',
  request: { body: jsonBody(ApiTokenCreateRequestSchema) },
  responses: { 201: json(ApiTokenSchema, 'The token, with its secret shown this once'), ...errorResponses(400) },
})

const listTokens = createRoute({
  method: 'get',
  path: '/tokens',
  operationId: 'listTokens',
  ...requires('VIEW'),
  tags: ['API Tokens'],
  summary: 'List API tokens, newest first',
  request: { query: ListTokensQuerySchema },
  responses: { 200: json(TokenListSchema, 'A page of tokens'), ...errorResponses(400) },
})

const getToken = createRoute({
  method: 'get',
  path: '/tokens/{tokenId}',
  operationId: 'getTokenById',
  ...requires('VIEW'),
  tags: ['API Tokens'],
  summary: 'Get an API token',
  request: { params: TokenIdParamsSchema },
  responses: { 200: json(ApiTokenSchema, 'The token'), ...errorResponses(404) },
})

const deleteToken = createRoute({
  method: 'delete',
  path: '/tokens/{tokenId}',
  operationId: 'deleteTokenById',
  ...requires('MANAGE'),
  tags: ['API Tokens'],
  summary: 'Delete an API token; it stops authenticating at once',
  request: { params: TokenIdParamsSchema },
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
    const { tokenJson } = await callUnary(platform, platform.createToken, request, callContext(c))
    return ownedJson<ApiToken, 201>(c, tokenJson, 201)
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
    const { pageJson } = await callUnary(platform, platform.listTokens, request, callContext(c))
    return ownedJson<TokenListJson, 200>(c, pageJson, 200)
  })
  app.openapi(getToken, async (c) => {
    const { tokenJson } = await callUnary(platform, platform.getToken, c.req.valid('param'), callContext(c))
    return ownedJson<ApiToken, 200>(c, tokenJson, 200)
  })
  app.openapi(deleteToken, async (c) => {
    const { tokenId } = c.req.valid('param')
    await callUnary(platform, platform.deleteToken, { tokenId }, callContext(c))
    onTokenDeleted(tokenId)
    return c.body(null, 204)
  })
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
