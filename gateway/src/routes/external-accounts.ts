import { createRoute } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import type { ExternalAccountsServiceClient } from '@pp/proto/ledger/v1/external_accounts'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import {
  BeneficiaryTrustConfirmRequestSchema,
  BeneficiaryTrustConfirmSchema,
  BeneficiaryTrustStartSchema,
  CustomerExternalAccountCreateRequestSchema,
  errorResponses,
  ExternalAccountIdParamsSchema,
  type ExternalAccount,
  type ExternalAccountListJson,
  ExternalAccountListSchema,
  ExternalAccountSchema,
  IdempotencyHeadersSchema,
  ListCustomerExternalAccountsQuerySchema,
  ListPlatformExternalAccountsQuerySchema,
  OwnershipChallengeRequestSchema,
  OwnershipChallengeSchema,
  OwnershipVerifyRequestSchema,
  PlatformExternalAccountCreateRequestSchema,
} from '@pp/contracts'
import { createBodyToProto, timestampToJson, trustProofToProto } from './external-accounts-mapping.js'
import { json, jsonBody, ownedJson } from './json-responses.js'

const tags = ['External Accounts']
const params = ExternalAccountIdParamsSchema

type OwnerKind = 'CUSTOMER' | 'PLATFORM'

/** The reference's operation ids of the routes the customer and platform prefixes share. */
interface OwnedOperationIds {
  get: string
  remove: string
  challenge: string
  verify: string
}

/** The routes the customer and platform prefixes share: read, list, delete and ownership verification. */
function ownedRoutes(base: '/customers/external-accounts' | '/platform/external-accounts', whose: string, operationIds: OwnedOperationIds) {
  const item = `${base}/{externalAccountId}`
  return {
    get: createRoute({
      method: 'get', path: item, operationId: operationIds.get, ...requires('VIEW'), tags, summary: `Get ${whose} external account`, request: { params },
      responses: { 200: json(ExternalAccountSchema, 'The external account'), ...errorResponses(404) },
    }),
    remove: createRoute({
      method: 'delete', path: item, operationId: operationIds.remove, ...requires('MANAGE'), tags, summary: `Delete ${whose} external account`, request: { params },
      responses: { 204: { description: 'Deleted' }, ...errorResponses(404, 409) },
    }),
    challenge: createRoute({
      method: 'post', path: `${item}/challenge`, operationId: operationIds.challenge, ...requires('MANAGE'), tags, summary: `Start ownership verification of ${whose} self-custody wallet`,
      request: { params, body: jsonBody(OwnershipChallengeRequestSchema) },
      responses: { 201: json(OwnershipChallengeSchema, 'The challenge to answer'), ...errorResponses(400, 404, 409, 501) },
    }),
    verify: createRoute({
      method: 'post', path: `${item}/verify`, operationId: operationIds.verify, ...requires('MANAGE'), tags, summary: `Complete a WALLET_SIGNATURE challenge of ${whose} wallet`,
      request: { params, body: jsonBody(OwnershipVerifyRequestSchema) },
      responses: { 200: json(ExternalAccountSchema, 'The verified (ACTIVE) account'), ...errorResponses(400, 404, 409) },
    }),
  }
}

function registerOwnedRoutes(app: GatewayApp, client: ExternalAccountsServiceClient, ownerKind: OwnerKind, routes: ReturnType<typeof ownedRoutes>): void {
  app.openapi(routes.get, async (c) => {
    const request = { ownerKind, externalAccountId: c.req.valid('param').externalAccountId }
    const { externalAccountJson } = await callUnary(client, client.getExternalAccount, request, callContext(c))
    return ownedJson<ExternalAccount, 200>(c, externalAccountJson, 200)
  })
  app.openapi(routes.remove, async (c) => {
    const request = { ownerKind, externalAccountId: c.req.valid('param').externalAccountId }
    await callUnary(client, client.deleteExternalAccount, request, callContext(c))
    return c.body(null, 204)
  })
  app.openapi(routes.challenge, async (c) => {
    const request = { ownerKind, externalAccountId: c.req.valid('param').externalAccountId, method: c.req.valid('json').method }
    const challenge = await callUnary(client, client.createOwnershipChallenge, request, callContext(c))
    const method = challenge.method as 'WALLET_SIGNATURE' | 'LIVENESS'
    return c.json({ ...challenge, method, expiresAt: timestampToJson(challenge.expiresAt) }, 201)
  })
  app.openapi(routes.verify, async (c) => {
    const request = { ownerKind, externalAccountId: c.req.valid('param').externalAccountId, ...c.req.valid('json') }
    const { externalAccountJson } = await callUnary(client, client.verifyOwnership, request, callContext(c))
    return ownedJson<ExternalAccount, 200>(c, externalAccountJson, 200)
  })
}

const createCustomerAccount = createRoute({
  method: 'post', path: '/customers/external-accounts', operationId: 'createCustomerExternalAccount', ...requires('MANAGE'), tags, summary: 'Add an external account of a customer',
  request: { headers: IdempotencyHeadersSchema, body: jsonBody(CustomerExternalAccountCreateRequestSchema) },
  responses: { 201: json(ExternalAccountSchema, 'The external account'), ...errorResponses(400, 404, 409, 410) },
})
const listCustomerAccounts = createRoute({
  method: 'get', path: '/customers/external-accounts', operationId: 'listCustomerExternalAccounts', ...requires('VIEW'), tags, summary: 'List customers’ external accounts, newest first',
  request: { query: ListCustomerExternalAccountsQuerySchema }, responses: { 200: json(ExternalAccountListSchema, 'A page of external accounts'), ...errorResponses(400) },
})
const createPlatformAccount = createRoute({
  method: 'post', path: '/platform/external-accounts', operationId: 'createPlatformExternalAccount', ...requires('MANAGE'), tags, summary: 'Add an external account of the platform',
  request: { headers: IdempotencyHeadersSchema, body: jsonBody(PlatformExternalAccountCreateRequestSchema) },
  responses: { 201: json(ExternalAccountSchema, 'The external account'), ...errorResponses(400, 409) },
})
const listPlatformAccounts = createRoute({
  method: 'get', path: '/platform/external-accounts', operationId: 'listPlatformExternalAccounts', ...requires('VIEW'), tags, summary: 'List the platform’s external accounts, newest first',
  request: { query: ListPlatformExternalAccountsQuerySchema }, responses: { 200: json(ExternalAccountListSchema, 'A page of external accounts'), ...errorResponses(400) },
})

const trustStep = (step: 'trust' | 'untrust', summary: string, operationIds: { start: string; confirm: string }) => ({
  start: createRoute({
    method: 'post', path: `/customers/external-accounts/{externalAccountId}/${step}`, operationId: operationIds.start, ...requires('MANAGE'), tags: ['Strong Customer Authentication'], summary,
    request: { params }, responses: { 200: json(BeneficiaryTrustStartSchema, 'The SCA challenge to satisfy'), ...errorResponses(400, 404, 409, 501) },
  }),
  confirm: createRoute({
    method: 'post', path: `/customers/external-accounts/{externalAccountId}/${step}/confirm`, operationId: operationIds.confirm, ...requires('MANAGE'), tags: ['Strong Customer Authentication'],
    summary: `${summary}: confirm with the SCA proof`, request: { params, body: jsonBody(BeneficiaryTrustConfirmRequestSchema) },
    responses: { 200: json(BeneficiaryTrustConfirmSchema, 'Whether the beneficiary is now trusted'), ...errorResponses(400, 404, 409) },
  }),
})
const trust = trustStep('trust', 'Trust a beneficiary', { start: 'startBeneficiaryTrust', confirm: 'confirmBeneficiaryTrust' })
const untrust = trustStep('untrust', 'Untrust a beneficiary', { start: 'startBeneficiaryUntrust', confirm: 'confirmBeneficiaryUntrust' })

function registerTrustRoutes(app: GatewayApp, client: ExternalAccountsServiceClient): void {
  const steps = [
    [trust, client.startBeneficiaryTrust, client.confirmBeneficiaryTrust],
    [untrust, client.startBeneficiaryUntrust, client.confirmBeneficiaryUntrust],
  ] as const
  for (const [routes, start, confirm] of steps) {
    app.openapi(routes.start, async (c) => {
      const { scaChallenge } = await callUnary(client, start, { externalAccountId: c.req.valid('param').externalAccountId }, callContext(c))
      const challenge = scaChallenge && { ...scaChallenge, expiresAt: timestampToJson(scaChallenge.expiresAt) }
      return c.json({ scaChallenge: challenge as never }, 200)
    })
    app.openapi(routes.confirm, async (c) => {
      const request = { externalAccountId: c.req.valid('param').externalAccountId, proof: trustProofToProto(c.req.valid('json')) }
      return c.json(await callUnary(client, confirm, request, callContext(c)), 200)
    })
  }
}

/**
 * External accounts of customers and of the platform, trust steps and ownership verification.
 * Register before the customer routes: `/customers/{customerId}` would take "external-accounts"
 * for a customer id.
 */
export function registerExternalAccountRoutes(app: GatewayApp, externalAccounts: ExternalAccountsServiceClient): void {
  const client = externalAccounts
  app.openapi(createCustomerAccount, async (c) => {
    const request = createBodyToProto('CUSTOMER', c.req.valid('json'))
    const { externalAccountJson } = await callUnary(client, client.createExternalAccount, request, callContext(c))
    return ownedJson<ExternalAccount, 201>(c, externalAccountJson, 201)
  })
  app.openapi(listCustomerAccounts, async (c) => {
    const { pageJson } = await callUnary(client, client.listExternalAccounts, { ownerKind: 'CUSTOMER', ...c.req.valid('query') }, callContext(c))
    return ownedJson<ExternalAccountListJson, 200>(c, pageJson, 200)
  })
  app.openapi(createPlatformAccount, async (c) => {
    const request = createBodyToProto('PLATFORM', c.req.valid('json'))
    const { externalAccountJson } = await callUnary(client, client.createExternalAccount, request, callContext(c))
    return ownedJson<ExternalAccount, 201>(c, externalAccountJson, 201)
  })
  app.openapi(listPlatformAccounts, async (c) => {
    const { pageJson } = await callUnary(client, client.listExternalAccounts, { ownerKind: 'PLATFORM', ...c.req.valid('query') }, callContext(c))
    return ownedJson<ExternalAccountListJson, 200>(c, pageJson, 200)
  })
  registerTrustRoutes(app, client)
  registerOwnedRoutes(app, client, 'CUSTOMER', ownedRoutes('/customers/external-accounts', 'a customer’s', {
    get: 'getCustomerExternalAccountById',
    remove: 'deleteCustomerExternalAccountById',
    challenge: 'createExternalAccountOwnershipChallenge',
    verify: 'verifyExternalAccountOwnership',
  }))
  registerOwnedRoutes(app, client, 'PLATFORM', ownedRoutes('/platform/external-accounts', 'the platform’s', {
    get: 'getPlatformExternalAccountById',
    remove: 'deletePlatformExternalAccountById',
    challenge: 'createPlatformExternalAccountOwnershipChallenge',
    verify: 'verifyPlatformExternalAccountOwnership',
  }))
}
