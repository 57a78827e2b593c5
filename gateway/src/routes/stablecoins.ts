import { createRoute } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import type { StablecoinsServiceClient } from '@pp/proto/stablecoins/v1/stablecoins'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import {
  errorResponses,
  ListOperationsQuerySchema,
  ListProviderAccountsQuerySchema,
  ListStablecoinsQuerySchema,
  OperationIdParamsSchema,
  ProviderAccountIdParamsSchema,
  type ProviderAccount,
  ProviderAccountLinkRequestSchema,
  type ProviderAccountListJson,
  ProviderAccountListSchema,
  ProviderAccountSchema,
  RequiredIdempotencyHeadersSchema,
  StablecoinBurnRequestSchema,
  StablecoinIdParamsSchema,
  type Stablecoin,
  type StablecoinListJson,
  StablecoinListSchema,
  StablecoinMintRequestSchema,
  type StablecoinOperation,
  type StablecoinOperationListJson,
  StablecoinOperationListSchema,
  StablecoinOperationSchema,
  StablecoinRegisterRequestSchema,
  StablecoinSchema,
} from '@pp/contracts'
import { json, jsonBody, ownedJson } from './json-responses.js'

const tags = ['Stablecoins']

const linkProviderAccount = createRoute({
  method: 'post',
  path: '/stablecoin-provider-accounts',
  operationId: 'linkStablecoinProviderAccount',
  ...requires('MANAGE'),
  tags,
  summary: "Link the platform's account at a stablecoin provider",
  request: { headers: RequiredIdempotencyHeadersSchema, body: jsonBody(ProviderAccountLinkRequestSchema) },
  responses: { 201: json(ProviderAccountSchema, 'The link, with what the provider said of the credentials'), ...errorResponses(400, 409, 503) },
})

const listProviderAccounts = createRoute({
  method: 'get',
  path: '/stablecoin-provider-accounts',
  operationId: 'listStablecoinProviderAccounts',
  ...requires('VIEW'),
  tags,
  summary: 'List stablecoin provider account links, newest first',
  request: { query: ListProviderAccountsQuerySchema },
  responses: { 200: json(ProviderAccountListSchema, 'A page of links'), ...errorResponses(400) },
})

const getProviderAccount = createRoute({
  method: 'get',
  path: '/stablecoin-provider-accounts/{stablecoinProviderAccountId}',
  operationId: 'getStablecoinProviderAccount',
  ...requires('VIEW'),
  tags,
  summary: 'Retrieve a stablecoin provider account link',
  request: { params: ProviderAccountIdParamsSchema },
  responses: { 200: json(ProviderAccountSchema, 'The link'), ...errorResponses(404) },
})

const registerStablecoin = createRoute({
  method: 'post',
  path: '/stablecoins',
  operationId: 'registerStablecoin',
  ...requires('MANAGE'),
  tags,
  summary: 'Register a token the provider created',
  request: { headers: RequiredIdempotencyHeadersSchema, body: jsonBody(StablecoinRegisterRequestSchema) },
  responses: { 201: json(StablecoinSchema, 'The stablecoin, NOT_ENABLED for operations'), ...errorResponses(400, 404, 409, 503) },
})

const listStablecoins = createRoute({
  method: 'get',
  path: '/stablecoins',
  operationId: 'listStablecoins',
  ...requires('VIEW'),
  tags,
  summary: 'List registered stablecoins, newest first',
  request: { query: ListStablecoinsQuerySchema },
  responses: { 200: json(StablecoinListSchema, 'A page of stablecoins'), ...errorResponses(400) },
})

const getStablecoin = createRoute({
  method: 'get',
  path: '/stablecoins/{stablecoinId}',
  operationId: 'getStablecoin',
  ...requires('VIEW'),
  tags,
  summary: 'Retrieve a stablecoin',
  request: { params: StablecoinIdParamsSchema },
  responses: { 200: json(StablecoinSchema, 'The stablecoin'), ...errorResponses(404) },
})

const requestEnablement = createRoute({
  method: 'post',
  path: '/stablecoins/{stablecoinId}/request-service-enablement',
  operationId: 'requestStablecoinServiceEnablement',
  ...requires('MANAGE'),
  tags,
  summary: 'Ask for the stablecoin to be enabled for operations (NOT_ENABLED → PENDING_APPROVAL)',
  request: { params: StablecoinIdParamsSchema },
  responses: { 200: json(StablecoinSchema, 'The stablecoin, PENDING_APPROVAL'), ...errorResponses(400, 404, 409) },
})

const createMint = createRoute({
  method: 'post',
  path: '/stablecoins/{stablecoinId}/mints',
  operationId: 'createStablecoinMint',
  ...requires('TRANSACT'),
  tags,
  summary: 'Mint tokens against fiat from a platform account',
  request: { params: StablecoinIdParamsSchema, headers: RequiredIdempotencyHeadersSchema, body: jsonBody(StablecoinMintRequestSchema) },
  responses: { 201: json(StablecoinOperationSchema, 'The mint, PENDING_PROVIDER'), ...errorResponses(400, 404, 409, 503) },
})

const createBurn = createRoute({
  method: 'post',
  path: '/stablecoins/{stablecoinId}/burns',
  operationId: 'createStablecoinBurn',
  ...requires('TRANSACT'),
  tags,
  summary: "Burn tokens from the stablecoin's holding account, paid out to a platform bank account",
  request: { params: StablecoinIdParamsSchema, headers: RequiredIdempotencyHeadersSchema, body: jsonBody(StablecoinBurnRequestSchema) },
  responses: { 201: json(StablecoinOperationSchema, 'The burn, PENDING_PROVIDER'), ...errorResponses(400, 404, 409, 503) },
})

const listOperations = createRoute({
  method: 'get',
  path: '/stablecoins/{stablecoinId}/operations',
  operationId: 'listStablecoinOperations',
  ...requires('VIEW'),
  tags,
  summary: "List a stablecoin's mints and burns, newest first",
  request: { params: StablecoinIdParamsSchema, query: ListOperationsQuerySchema },
  responses: { 200: json(StablecoinOperationListSchema, 'A page of operations'), ...errorResponses(400, 404) },
})

const getOperation = createRoute({
  method: 'get',
  path: '/stablecoin-operations/{stablecoinOperationId}',
  operationId: 'getStablecoinOperation',
  ...requires('VIEW'),
  tags,
  summary: 'Retrieve a mint or burn',
  request: { params: OperationIdParamsSchema },
  responses: { 200: json(StablecoinOperationSchema, 'The operation'), ...errorResponses(404) },
})

export function registerStablecoinRoutes(app: GatewayApp, stablecoins: StablecoinsServiceClient): void {
  app.openapi(linkProviderAccount, async (c) => {
    const { provider, apiClientId, apiClientSecret, providerAccountId } = c.req.valid('json')
    const request = { provider, apiClientId, apiClientSecret, providerAccountId }
    const { providerAccountJson } = await callUnary(stablecoins, stablecoins.linkProviderAccount, request, callContext(c))
    return ownedJson<ProviderAccount, 201>(c, providerAccountJson, 201)
  })
  app.openapi(listProviderAccounts, async (c) => {
    const { pageJson } = await callUnary(stablecoins, stablecoins.listProviderAccounts, c.req.valid('query'), callContext(c))
    return ownedJson<ProviderAccountListJson, 200>(c, pageJson, 200)
  })
  app.openapi(getProviderAccount, async (c) => {
    const providerAccountId = c.req.valid('param').stablecoinProviderAccountId
    const { providerAccountJson } = await callUnary(stablecoins, stablecoins.getProviderAccount, { providerAccountId }, callContext(c))
    return ownedJson<ProviderAccount, 200>(c, providerAccountJson, 200)
  })
  app.openapi(registerStablecoin, async (c) => {
    const { stablecoinProviderAccountId, ...token } = c.req.valid('json')
    const request = { ...token, providerAccountId: stablecoinProviderAccountId }
    const { stablecoinJson } = await callUnary(stablecoins, stablecoins.registerStablecoin, request, callContext(c))
    return ownedJson<Stablecoin, 201>(c, stablecoinJson, 201)
  })
  app.openapi(listStablecoins, async (c) => {
    const { pageJson } = await callUnary(stablecoins, stablecoins.listStablecoins, c.req.valid('query'), callContext(c))
    return ownedJson<StablecoinListJson, 200>(c, pageJson, 200)
  })
  app.openapi(getStablecoin, async (c) => {
    const { stablecoinJson } = await callUnary(stablecoins, stablecoins.getStablecoin, c.req.valid('param'), callContext(c))
    return ownedJson<Stablecoin, 200>(c, stablecoinJson, 200)
  })
  app.openapi(requestEnablement, async (c) => {
    const { stablecoinJson } = await callUnary(stablecoins, stablecoins.requestServiceEnablement, c.req.valid('param'), callContext(c))
    return ownedJson<Stablecoin, 200>(c, stablecoinJson, 200)
  })
  app.openapi(createMint, async (c) => {
    const { amount, fundingSource, destination } = c.req.valid('json')
    const request = { stablecoinId: c.req.valid('param').stablecoinId, amount, fundingSource, destinationAccountId: destination.accountId }
    const { operationJson } = await callUnary(stablecoins, stablecoins.createMint, request, callContext(c))
    return ownedJson<StablecoinOperation, 201>(c, operationJson, 201)
  })
  app.openapi(createBurn, async (c) => {
    const { amount, source, destination } = c.req.valid('json')
    const request = { stablecoinId: c.req.valid('param').stablecoinId, amount, source, destination }
    const { operationJson } = await callUnary(stablecoins, stablecoins.createBurn, request, callContext(c))
    return ownedJson<StablecoinOperation, 201>(c, operationJson, 201)
  })
  app.openapi(listOperations, async (c) => {
    const request = { ...c.req.valid('query'), stablecoinId: c.req.valid('param').stablecoinId }
    const { pageJson } = await callUnary(stablecoins, stablecoins.listOperations, request, callContext(c))
    return ownedJson<StablecoinOperationListJson, 200>(c, pageJson, 200)
  })
  app.openapi(getOperation, async (c) => {
    const operationId = c.req.valid('param').stablecoinOperationId
    const { operationJson } = await callUnary(stablecoins, stablecoins.getOperation, { operationId }, callContext(c))
    return ownedJson<StablecoinOperation, 200>(c, operationJson, 200)
  })
}
