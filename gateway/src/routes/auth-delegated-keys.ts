import { createRoute } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import type { WalletSignatureProof } from '@pp/proto/wallet_auth/v1/wallet_auth'
import { walletAuthSignedOperation } from '@pp/vocabulary'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import {
  DelegatedKeyCreateRequestSchema,
  DelegatedKeyIdParamsSchema,
  type DelegatedKey,
  type DelegatedKeyListJson,
  DelegatedKeyListQuerySchema,
  DelegatedKeyListSchema,
  DelegatedKeySchema,
  errorResponses,
  SignedRequestChallengeSchema,
  SignedRetryHeadersSchema,
} from '@pp/contracts'
import { guardAnswer } from '../wallet-signature/guard-answer.js'
import type { WalletAuthRouteDeps } from './auth-credentials.js'
import { json, jsonBody, ownedJson } from './json-responses.js'

const tags = ['Embedded Wallet Auth']

const createDelegatedKey = createRoute({
  method: 'post',
  path: '/auth/delegated-keys',
  operationId: 'createDelegatedKey',
  ...requires('MANAGE'),
  tags,
  summary: "Delegate signing for a card's embedded-wallet funding source to a service-held key (signed)",
  request: { headers: SignedRetryHeadersSchema, body: jsonBody(DelegatedKeyCreateRequestSchema) },
  responses: {
    201: json(DelegatedKeySchema, 'The ACTIVE delegated key'),
    202: json(SignedRequestChallengeSchema, 'First leg: sign payloadToSign with a session key of the wallet and retry'),
    ...errorResponses(400, 404, 409),
  },
})

const listDelegatedKeys = createRoute({
  method: 'get',
  path: '/auth/delegated-keys',
  operationId: 'listDelegatedKeys',
  ...requires('VIEW'),
  tags,
  summary: 'Delegated keys of a wallet, a card funding source, or both',
  request: { query: DelegatedKeyListQuerySchema },
  responses: { 200: json(DelegatedKeyListSchema, 'The matching keys, PENDING and REVOKED included'), ...errorResponses(400) },
})

const getDelegatedKey = createRoute({
  method: 'get',
  path: '/auth/delegated-keys/{id}',
  operationId: 'getDelegatedKeyById',
  ...requires('VIEW'),
  tags,
  summary: 'A delegated key',
  request: { params: DelegatedKeyIdParamsSchema },
  responses: { 200: json(DelegatedKeySchema, 'The key'), ...errorResponses(404) },
})

const revokeDelegatedKey = createRoute({
  method: 'delete',
  path: '/auth/delegated-keys/{id}',
  operationId: 'revokeDelegatedKey',
  ...requires('MANAGE'),
  tags,
  summary: 'Revoke an ACTIVE delegated key',
  request: { params: DelegatedKeyIdParamsSchema },
  responses: { 204: { description: 'Revoked' }, ...errorResponses(400, 404) },
})

export function registerAuthDelegatedKeyRoutes(app: GatewayApp, { walletAuth, walletSignatures }: WalletAuthRouteDeps): void {
  app.openapi(createDelegatedKey, async (c) => {
    const body = c.req.valid('json')
    const operation = { walletAccountId: body.internalAccountId, operation: walletAuthSignedOperation.createDelegatedKey(), body: await c.req.text() }
    const create = (proof: WalletSignatureProof) => callUnary(walletAuth, walletAuth.createDelegatedKey, { ...body, proof }, callContext(c))
    const created = await walletSignatures.withProof(c, operation, create)
    if ('refusal' in created) return guardAnswer(created.refusal)
    return ownedJson<DelegatedKey, 201>(c, created.result.delegatedKeyJson, 201)
  })
  app.openapi(listDelegatedKeys, async (c) => {
    const { pageJson } = await callUnary(walletAuth, walletAuth.listDelegatedKeys, c.req.valid('query'), callContext(c))
    return ownedJson<DelegatedKeyListJson, 200>(c, pageJson, 200)
  })
  app.openapi(getDelegatedKey, async (c) => {
    const { delegatedKeyJson } = await callUnary(walletAuth, walletAuth.getDelegatedKey, c.req.valid('param'), callContext(c))
    return ownedJson<DelegatedKey, 200>(c, delegatedKeyJson, 200)
  })
  app.openapi(revokeDelegatedKey, async (c) => {
    await callUnary(walletAuth, walletAuth.revokeDelegatedKey, c.req.valid('param'), callContext(c))
    return c.body(null, 204)
  })
}
