import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { ApiError } from '@pp/errors'
import { callUnary } from '@pp/grpc'
import type { WalletAuthServiceClient, WalletSignatureProof } from '@pp/proto/wallet_auth/v1/wallet_auth'
import { walletAuthSignedOperation } from '@pp/vocabulary'
import { callContext, type GatewayApp, type GatewayEnv } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import {
  AuthAccountQuerySchema,
  AuthCredentialChallengeRequestSchema,
  type AuthCredentialChallengeResponseJson,
  AuthCredentialChallengeResponseSchema,
  AuthCredentialCreateRequestSchema,
  type AuthCredentialVerifyRequest,
  AuthCredentialVerifyRequestSchema,
  AuthMethodIdParamsSchema,
  type AuthMethod,
  type AuthMethodListJson,
  AuthMethodListSchema,
  AuthMethodSchema,
  type AuthSession,
  AuthSessionSchema,
  AuthSignedRequestChallengeSchema,
  errorResponses,
  SignedRetryHeadersSchema,
} from '@pp/contracts'
import { guardAnswer } from '../wallet-signature/guard-answer.js'
import type { WalletSignatureGuard } from '../wallet-signature/guard.js'
import { readRequestId, readSignedRetry, REQUEST_ID_HEADER } from '../wallet-signature/headers.js'
import { signedRequestChallengeToJson } from '../wallet-signature/create-guard.js'
import { createRequestToProto, verifyRequestToProto } from './auth-mapping.js'
import { json, jsonBody, ownedJson } from './json-responses.js'

const tags = ['Embedded Wallet Auth']
const signedChallenge = json(AuthSignedRequestChallengeSchema, 'First leg: sign payloadToSign with a session key of the wallet and retry')

const createCredential = createRoute({
  method: 'post',
  path: '/auth/credentials',
  operationId: 'createAuthCredential',
  ...requires('MANAGE'),
  tags,
  summary: "Register a credential on an embedded wallet; adding one to a wallet that has one is signed",
  request: { headers: SignedRetryHeadersSchema, body: jsonBody(AuthCredentialCreateRequestSchema) },
  // 501 without a production email or SMS provider, 503 when it stayed unavailable (docs/production.md)
  responses: { 201: json(AuthMethodSchema, 'The credential'), 202: signedChallenge, ...errorResponses(400, 404, 409, 501, 503) },
})

const listCredentials = createRoute({
  method: 'get',
  path: '/auth/credentials',
  operationId: 'listAuthCredentials',
  ...requires('VIEW'),
  tags,
  summary: "The credentials of an embedded wallet",
  request: { query: AuthAccountQuerySchema },
  responses: { 200: json(AuthMethodListSchema, 'Every credential of the wallet'), ...errorResponses(400) },
})

const revokeCredential = createRoute({
  method: 'delete',
  path: '/auth/credentials/{id}',
  operationId: 'revokeAuthCredential',
  ...requires('MANAGE'),
  tags,
  summary: 'Revoke a credential (signed); the wallet keeps at least one',
  request: { params: AuthMethodIdParamsSchema, headers: SignedRetryHeadersSchema },
  responses: { 202: signedChallenge, 204: { description: 'Revoked' }, ...errorResponses(400, 404) },
})

const challengeCredential = createRoute({
  method: 'post',
  path: '/auth/credentials/{id}/challenge',
  operationId: 'challengeAuthCredential',
  ...requires('MANAGE'),
  tags,
  summary: 'Issue a fresh OTP (with its encryption target) or a passkey challenge',
  request: {
    params: AuthMethodIdParamsSchema,
    body: { required: false, content: { 'application/json': { schema: AuthCredentialChallengeRequestSchema } } },
  },
  responses: { 200: json(AuthCredentialChallengeResponseSchema, 'The credential, or the passkey challenge'), ...errorResponses(400, 404, 501, 503) },
})

const verifyCredential = createRoute({
  method: 'post',
  path: '/auth/credentials/{id}/verify',
  operationId: 'verifyAuthCredential',
  ...requires('MANAGE'),
  tags,
  summary: 'Verify a credential and open a session (OTP: a signed retry with the TEK key)',
  request: { params: AuthMethodIdParamsSchema, headers: SignedRetryHeadersSchema, body: jsonBody(AuthCredentialVerifyRequestSchema) },
  responses: {
    200: json(AuthSessionSchema, 'The session'),
    202: json(AuthSignedRequestChallengeSchema, 'OTP first leg: sign payloadToSign with the TEK key and retry'),
    ...errorResponses(400, 404),
  },
})

export interface WalletAuthRouteDeps {
  walletAuth: WalletAuthServiceClient
  walletSignatures: WalletSignatureGuard
}

export function registerAuthCredentialRoutes(app: GatewayApp, { walletAuth, walletSignatures }: WalletAuthRouteDeps): void {
  app.openapi(createCredential, async (c) => {
    const body = c.req.valid('json')
    const { hasCredentials } = await callUnary(walletAuth, walletAuth.getWalletAuthState, { accountId: body.accountId }, callContext(c))
    const create = (proof?: WalletSignatureProof) =>
      callUnary(walletAuth, walletAuth.createAuthCredential, { ...createRequestToProto(body), proof }, callContext(c))
    // the first credential bootstraps the wallet; any further one is authorised by an existing session
    const operation = { walletAccountId: body.accountId, operation: walletAuthSignedOperation.addCredential(), body: await c.req.text(), challengeFields: { type: body.type } }
    const created = hasCredentials ? await walletSignatures.withProof(c, operation, create) : { result: await create() }
    if ('refusal' in created) return guardAnswer(created.refusal)
    return ownedJson<AuthMethod, 201>(c, created.result.authMethodJson, 201)
  })
  app.openapi(listCredentials, async (c) => {
    const { pageJson } = await callUnary(walletAuth, walletAuth.listAuthCredentials, c.req.valid('query'), callContext(c))
    return ownedJson<AuthMethodListJson, 200>(c, pageJson, 200)
  })
  app.openapi(revokeCredential, async (c) => {
    const { id } = c.req.valid('param')
    const { facts } = await callUnary(walletAuth, walletAuth.getAuthCredential, { id }, callContext(c))
    const revoke = (proof: WalletSignatureProof) => callUnary(walletAuth, walletAuth.revokeAuthCredential, { id, proof }, callContext(c))
    return guardAnswer(await revokeSigned(c, walletSignatures, facts!, walletAuthSignedOperation.revokeCredential(id), revoke))
  })
  app.openapi(challengeCredential, async (c) => {
    const { clientPublicKey } = c.req.valid('json') ?? {}
    const request = { id: c.req.valid('param').id, clientPublicKey }
    const { challengeJson } = await callUnary(walletAuth, walletAuth.challengeAuthCredential, request, callContext(c))
    return ownedJson<AuthCredentialChallengeResponseJson, 200>(c, challengeJson, 200)
  })
  app.openapi(verifyCredential, async (c) => {
    const { id } = c.req.valid('param')
    const body = c.req.valid('json')
    const request = verifyRequestToProto(id, body, verifyHeaders(c, body))
    const { sessionJson, signedRequestChallenge } = await callUnary(walletAuth, walletAuth.verifyAuthCredential, request, callContext(c))
    if (signedRequestChallenge) return c.json({ ...signedRequestChallengeToJson(signedRequestChallenge), type: body.type }, 202)
    return ownedJson<AuthSession, 200>(c, sessionJson!, 200)
  })
}

/**
 * A DELETE of a wallet's credential or session: a signed operation of the wallet it belongs to
 * (the 202 names the credential type), the revocation given the proof, answered 204.
 */
export async function revokeSigned(
  c: Context<GatewayEnv>,
  walletSignatures: WalletSignatureGuard,
  owner: { accountId: string; type: string },
  operation: string,
  revoke: (proof: WalletSignatureProof) => Promise<unknown>,
): Promise<Response> {
  const signed = { walletAccountId: owner.accountId, operation, body: '', challengeFields: { type: owner.type } }
  const revoked = await walletSignatures.withProof(c, signed, revoke)
  return 'refusal' in revoked ? revoked.refusal : c.body(null, 204)
}

/**
 * OTP verification is itself a signed retry (by the TEK key the client put in the OTP bundle);
 * a passkey assertion echoes the challenge's request id alone; OAuth uses neither header.
 */
function verifyHeaders(c: Context<GatewayEnv>, body: AuthCredentialVerifyRequest): { requestId?: string; walletSignature?: string } {
  switch (body.type) {
    case 'EMAIL_OTP':
    case 'SMS_OTP': {
      const retry = readSignedRetry(c)
      return retry ? { requestId: retry.requestId, walletSignature: retry.signature } : {}
    }
    case 'PASSKEY': {
      const requestId = readRequestId(c)
      if (!requestId) throw new ApiError('REQUEST_ID_MISSING', `A passkey assertion needs the ${REQUEST_ID_HEADER} of its challenge`)
      return { requestId }
    }
    case 'OAUTH':
      return {}
  }
}
