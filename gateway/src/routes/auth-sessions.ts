import { createRoute } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import type { WalletSignatureProof } from '@pp/proto/wallet_auth/v1/wallet_auth'
import { walletAuthSignedOperation } from '@pp/vocabulary'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import {
  AuthAccountQuerySchema,
  type AuthSession,
  type AuthSessionListJson,
  AuthSessionListSchema,
  AuthSessionRefreshRequestSchema,
  AuthSessionSchema,
  AuthSignedRequestChallengeSchema,
  errorResponses,
  SessionIdParamsSchema,
  SignedRequestChallengeSchema,
  SignedRetryHeadersSchema,
} from '@pp/contracts'
import { guardAnswer } from '../wallet-signature/guard-answer.js'
import { revokeSigned, type WalletAuthRouteDeps } from './auth-credentials.js'
import { json, jsonBody, ownedJson } from './json-responses.js'

const tags = ['Embedded Wallet Auth']

const listSessions = createRoute({
  method: 'get',
  path: '/auth/sessions',
  operationId: 'listAuthSessions',
  ...requires('VIEW'),
  tags,
  summary: 'The active sessions of an embedded wallet, newest first',
  request: { query: AuthAccountQuerySchema },
  responses: { 200: json(AuthSessionListSchema, 'Every active session of the wallet'), ...errorResponses(400) },
})

const revokeSession = createRoute({
  method: 'delete',
  path: '/auth/sessions/{id}',
  operationId: 'revokeAuthSession',
  ...requires('MANAGE'),
  tags,
  summary: 'Revoke a session (signed, possibly by the session itself)',
  request: { params: SessionIdParamsSchema, headers: SignedRetryHeadersSchema },
  responses: {
    202: json(AuthSignedRequestChallengeSchema, 'First leg: sign payloadToSign with a session key of the wallet and retry'),
    204: { description: 'Revoked' },
    ...errorResponses(400, 404),
  },
})

const refreshSession = createRoute({
  method: 'post',
  path: '/auth/sessions/{id}/refresh',
  operationId: 'refreshAuthSession',
  ...requires('MANAGE'),
  tags,
  summary: 'Replace an active session by a new one whose key is sealed to clientPublicKey (signed)',
  request: { params: SessionIdParamsSchema, headers: SignedRetryHeadersSchema, body: jsonBody(AuthSessionRefreshRequestSchema) },
  responses: {
    201: json(AuthSessionSchema, 'The new session'),
    202: json(SignedRequestChallengeSchema, 'First leg: sign payloadToSign with the current session key and retry'),
    ...errorResponses(400, 404),
  },
})

export function registerAuthSessionRoutes(app: GatewayApp, { walletAuth, walletSignatures }: WalletAuthRouteDeps): void {
  app.openapi(listSessions, async (c) => {
    const { pageJson } = await callUnary(walletAuth, walletAuth.listAuthSessions, c.req.valid('query'), callContext(c))
    return ownedJson<AuthSessionListJson, 200>(c, pageJson, 200)
  })
  app.openapi(revokeSession, async (c) => {
    const { id } = c.req.valid('param')
    const { facts } = await callUnary(walletAuth, walletAuth.getAuthSession, { id }, callContext(c))
    const revoke = (proof: WalletSignatureProof) => callUnary(walletAuth, walletAuth.revokeAuthSession, { id, proof }, callContext(c))
    return guardAnswer(await revokeSigned(c, walletSignatures, facts!, walletAuthSignedOperation.revokeSession(id), revoke))
  })
  app.openapi(refreshSession, async (c) => {
    const { id } = c.req.valid('param')
    const { facts } = await callUnary(walletAuth, walletAuth.getAuthSession, { id }, callContext(c))
    const operation = { walletAccountId: facts!.accountId, operation: walletAuthSignedOperation.refreshSession(id), body: await c.req.text() }
    const refresh = (proof: WalletSignatureProof) =>
      callUnary(walletAuth, walletAuth.refreshAuthSession, { id, clientPublicKey: c.req.valid('json').clientPublicKey, proof }, callContext(c))
    const refreshed = await walletSignatures.withProof(c, operation, refresh)
    if ('refusal' in refreshed) return guardAnswer(refreshed.refusal)
    return ownedJson<AuthSession, 201>(c, refreshed.result.sessionJson, 201)
  })
}
