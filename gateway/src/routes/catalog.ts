import { createRoute } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import type { PaymentsCatalogServiceClient } from '@pp/proto/payments/v1/catalog'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import {
  DiscoveriesQuerySchema,
  DiscoveryListSchema,
  errorResponses,
  EstimateWithdrawalFeeRequestSchema,
  EstimateWithdrawalFeeResponseSchema,
  ExchangeRateListSchema,
  ExchangeRatesQuerySchema,
  ExternalAccountLookupParamsSchema,
  ExternalAccountLookupResponseSchema,
  LookupSenderQuerySchema,
  UmaLookupParamsSchema,
  UmaLookupResponseSchema,
  UmaProviderListSchema,
  UmaProvidersQuerySchema,
  VaspListSchema,
  VaspsQuerySchema,
} from '@pp/contracts'
import { exchangeRateToJson, lookupToJson, umaProviderToJson } from './catalog-mapping.js'
import { json, jsonBody } from './json-responses.js'

const getExchangeRates = createRoute({
  method: 'get',
  path: '/exchange-rates',
  operationId: 'getExchangeRates',
  ...requires('VIEW'),
  tags: ['Exchange Rates'],
  summary: "Cached exchange rates per corridor, with the platform's fees applied to a sending amount",
  request: { query: ExchangeRatesQuerySchema },
  responses: { 200: json(ExchangeRateListSchema, 'The rates of the matching corridors'), ...errorResponses(400) },
})

const getDiscoveries = createRoute({
  method: 'get',
  path: '/discoveries',
  operationId: 'getDiscoveries',
  ...requires('VIEW'),
  tags: ['Discoveries'],
  summary: 'Banks and payment providers that receive payouts in a country and currency',
  request: { query: DiscoveriesQuerySchema },
  responses: { 200: json(DiscoveryListSchema, 'The receiving institutions'), ...errorResponses(400) },
})

const getUmaProviders = createRoute({
  method: 'get',
  path: '/uma-providers',
  operationId: 'getAvailableUmaProviders',
  ...requires('VIEW'),
  tags: ['Available UMA Providers'],
  summary: 'UMA providers reachable from the platform',
  request: { query: UmaProvidersQuerySchema },
  responses: { 200: json(UmaProviderListSchema, 'One page of providers'), ...errorResponses(400) },
})

const listVasps = createRoute({
  method: 'get',
  path: '/vasps',
  operationId: 'listVasps',
  ...requires('VIEW'),
  tags: ['VASPs'],
  summary: 'Virtual asset service providers a counterparty declaration may name',
  request: { query: VaspsQuerySchema },
  responses: { 200: json(VaspListSchema, 'One page of the directory'), ...errorResponses(400) },
})

const estimateWithdrawalFee = createRoute({
  method: 'post',
  path: '/crypto/estimate-withdrawal-fee',
  operationId: 'estimateCryptoWithdrawalFee',
  // a price, not a withdrawal: nothing is held or moved
  ...requires('VIEW'),
  tags: ['Cross-Currency Transfers'],
  summary: 'Estimate the network and application fees of a crypto withdrawal',
  request: { body: jsonBody(EstimateWithdrawalFeeRequestSchema) },
  responses: { 200: json(EstimateWithdrawalFeeResponseSchema, 'The estimate'), ...errorResponses(400, 404) },
})

const lookupUma = createRoute({
  method: 'get',
  path: '/receiver/uma/{receiverUmaAddress}',
  operationId: 'lookupUma',
  ...requires('VIEW'),
  tags: ['Cross-Currency Transfers'],
  summary: 'What an UMA address accepts: currencies, estimated rates and the payer data it wants',
  request: { params: UmaLookupParamsSchema, query: LookupSenderQuerySchema },
  responses: { 200: json(UmaLookupResponseSchema, 'The receiver'), ...errorResponses(400, 403, 404, 424) },
})

const lookupExternalAccount = createRoute({
  method: 'get',
  path: '/receiver/external-account/{accountId}',
  operationId: 'lookupExternalAccount',
  ...requires('VIEW'),
  tags: ['Cross-Currency Transfers'],
  summary: 'What an external account accepts: its currency, estimated rate and the payer data it wants',
  request: { params: ExternalAccountLookupParamsSchema, query: LookupSenderQuerySchema },
  responses: { 200: json(ExternalAccountLookupResponseSchema, 'The receiver'), ...errorResponses(400, 404, 409) },
})

/** The payments service's read-only catalogue: rates, directories, fee estimates and receiver look-ups. */
export function registerCatalogRoutes(app: GatewayApp, catalog: PaymentsCatalogServiceClient): void {
  app.openapi(getExchangeRates, async (c) => {
    const { sourceCurrency, destinationCurrency, sendingAmount } = c.req.valid('query')
    const request = { sourceCurrency, destinationCurrencies: destinationCurrency ?? [], sendingAmount: sendingAmount === undefined ? undefined : BigInt(sendingAmount) }
    const { data } = await callUnary(catalog, catalog.getExchangeRates, request, callContext(c))
    return c.json({ data: data.map(exchangeRateToJson) }, 200)
  })
  app.openapi(getDiscoveries, async (c) => {
    return c.json(await callUnary(catalog, catalog.listDiscoveries, c.req.valid('query'), callContext(c)), 200)
  })
  app.openapi(getUmaProviders, async (c) => {
    const { hasBlockedProviders, ...query } = c.req.valid('query')
    const request = { ...query, hasBlockedProviders: hasBlockedProviders === undefined ? undefined : hasBlockedProviders === 'true' }
    const page = await callUnary(catalog, catalog.listUmaProviders, request, callContext(c))
    return c.json({ ...page, data: page.data.map(umaProviderToJson) }, 200)
  })
  app.openapi(listVasps, async (c) => {
    return c.json(await callUnary(catalog, catalog.listVasps, c.req.valid('query'), callContext(c)), 200)
  })
  app.openapi(estimateWithdrawalFee, async (c) => {
    const body = c.req.valid('json')
    const estimate = await callUnary(catalog, catalog.estimateCryptoWithdrawalFee, { ...body, amount: BigInt(body.amount) }, callContext(c))
    return c.json(
      {
        networkFee: Number(estimate.networkFee),
        networkFeeAsset: estimate.networkFeeAsset,
        applicationFee: Number(estimate.applicationFee),
        totalFee: Number(estimate.totalFee),
        netAmount: Number(estimate.netAmount),
      },
      200,
    )
  })
  app.openapi(lookupUma, async (c) => {
    const request = { ...c.req.valid('query'), ...c.req.valid('param') }
    const found = await callUnary(catalog, catalog.lookupUma, request, callContext(c))
    return c.json({ ...lookupToJson(found.lookup), receiverUmaAddress: found.receiverUmaAddress }, 200)
  })
  app.openapi(lookupExternalAccount, async (c) => {
    const request = { ...c.req.valid('query'), ...c.req.valid('param') }
    const found = await callUnary(catalog, catalog.lookupExternalAccount, request, callContext(c))
    return c.json({ ...lookupToJson(found.lookup), accountId: found.accountId }, 200)
  })
}
