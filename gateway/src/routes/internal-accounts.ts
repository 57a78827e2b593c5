import { createRoute, type z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { invalidInput } from '@pp/errors'
import { callUnary } from '@pp/grpc'
import type { InternalAccountsServiceClient } from '@pp/proto/ledger/v1/internal_accounts'
import type { WalletAuthServiceClient, WalletSignatureProof } from '@pp/proto/wallet_auth/v1/wallet_auth'
import { walletAuthSignedOperation } from '@pp/vocabulary'
import { callContext, type GatewayApp, type GatewayEnv } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import {
  errorResponses,
  InternalAccountCreateRequestSchema,
  InternalAccountExportRequestSchema,
  InternalAccountExportResponseSchema,
  InternalAccountIdParamsSchema,
  type InternalAccount,
  type InternalAccountListJson,
  InternalAccountListSchema,
  InternalAccountSchema,
  InternalAccountUpdateRequestSchema,
  ListCustomerInternalAccountsQuerySchema,
  ListPlatformInternalAccountsQuerySchema,
  RequiredIdempotencyHeadersSchema,
  SignedRequestChallengeSchema,
  SignedRetryHeadersSchema,
} from '@pp/contracts'
import { guardAnswer } from '../wallet-signature/guard-answer.js'
import type { WalletSignatureGuard } from '../wallet-signature/guard.js'
import { json, jsonBody, ownedJson } from './json-responses.js'

const tags = ['Internal Accounts']

const listCustomerAccounts = createRoute({
  method: 'get',
  path: '/customers/internal-accounts',
  operationId: 'listCustomerInternalAccounts',
  ...requires('VIEW'),
  tags,
  summary: "List customers' internal accounts, newest first",
  request: { query: ListCustomerInternalAccountsQuerySchema },
  responses: { 200: json(InternalAccountListSchema, 'A page of accounts'), ...errorResponses(400) },
})

const listPlatformAccounts = createRoute({
  method: 'get',
  path: '/platform/internal-accounts',
  operationId: 'listPlatformInternalAccounts',
  ...requires('VIEW'),
  tags,
  summary: "List the platform's own internal accounts, newest first",
  request: { query: ListPlatformInternalAccountsQuerySchema },
  responses: { 200: json(InternalAccountListSchema, 'A page of accounts'), ...errorResponses(400) },
})

const createAccount = createRoute({
  method: 'post',
  path: '/internal-accounts',
  operationId: 'createInternalAccount',
  ...requires('MANAGE'),
  tags,
  summary: 'Create a rule-based internal account with its sweep rule',
  request: {
    headers: RequiredIdempotencyHeadersSchema,
    body: { required: true, content: { 'application/json': { schema: InternalAccountCreateRequestSchema } } },
  },
  responses: { 201: json(InternalAccountSchema, 'The account (the first one, on a retry with the same key)'), ...errorResponses(400, 404, 409, 410) },
})

const signedChallenge = json(SignedRequestChallengeSchema, 'First leg: sign payloadToSign with a session key of the wallet and retry')

const updateAccount = createRoute({
  method: 'patch',
  path: '/internal-accounts/{id}',
  operationId: 'updateInternalAccount',
  ...requires('MANAGE'),
  tags,
  summary: "Update an embedded wallet's privacy (signed by the wallet)",
  request: { params: InternalAccountIdParamsSchema, headers: SignedRetryHeadersSchema, body: jsonBody(InternalAccountUpdateRequestSchema) },
  responses: { 200: json(InternalAccountSchema, 'The updated account'), 202: signedChallenge, ...errorResponses(400, 404) },
})

const exportWallet = createRoute({
  method: 'post',
  path: '/internal-accounts/{id}/export',
  operationId: 'exportInternalAccount',
  ...requires('MANAGE'),
  tags,
  summary: "Export an embedded wallet's credentials sealed to clientPublicKey (signed by the wallet)",
  request: { params: InternalAccountIdParamsSchema, headers: SignedRetryHeadersSchema, body: jsonBody(InternalAccountExportRequestSchema) },
  responses: { 200: json(InternalAccountExportResponseSchema, 'The sealed wallet credentials'), 202: signedChallenge, ...errorResponses(400, 404) },
})

/**
 * Registered before the customer routes: `/customers/internal-accounts` would otherwise be taken
 * for `/customers/{customerId}`.
 */
export function registerInternalAccountRoutes(app: GatewayApp, accounts: InternalAccountsServiceClient): void {
  app.openapi(listCustomerAccounts, async (c) => {
    const { pageJson } = await callUnary(accounts, accounts.listCustomerInternalAccounts, c.req.valid('query'), callContext(c))
    return ownedJson<InternalAccountListJson, 200>(c, pageJson, 200)
  })
  app.openapi(listPlatformAccounts, async (c) => {
    const { pageJson } = await callUnary(accounts, accounts.listPlatformInternalAccounts, c.req.valid('query'), callContext(c))
    return ownedJson<InternalAccountListJson, 200>(c, pageJson, 200)
  })
  app.openapi(createAccount, async (c) => {
    const { accountJson } = await callUnary(accounts, accounts.createRuleBasedInternalAccount, c.req.valid('json'), callContext(c))
    return ownedJson<InternalAccount, 201>(c, accountJson, 201)
  })
}

export interface WalletAccountRouteDeps {
  accounts: InternalAccountsServiceClient
  walletAuth: WalletAuthServiceClient
  walletSignatures: WalletSignatureGuard
}

/** The operations on an embedded wallet that its holder signs: privacy and export. */
export function registerWalletAccountRoutes(app: GatewayApp, { accounts, walletAuth, walletSignatures }: WalletAccountRouteDeps): void {
  app.openapi(updateAccount, async (c) => {
    const { id } = c.req.valid('param')
    await mustBeEmbeddedWallet(c, accounts, id)
    const refusal = await walletSignatures.check(c, { walletAccountId: id, operation: `PATCH /internal-accounts/${id}`, body: await c.req.text() })
    if (refusal) return guardAnswer(refusal)
    const request = { accountId: id, privateEnabled: c.req.valid('json').privateEnabled }
    const { accountJson } = await callUnary(accounts, accounts.updateInternalAccount, request, callContext(c))
    return ownedJson<InternalAccount, 200>(c, accountJson, 200)
  })
  app.openapi(exportWallet, async (c) => {
    const { id } = c.req.valid('param')
    await mustBeEmbeddedWallet(c, accounts, id)
    const operation = { walletAccountId: id, operation: walletAuthSignedOperation.exportWallet(id), body: await c.req.text() }
    const request = { accountId: id, clientPublicKey: c.req.valid('json').clientPublicKey }
    const exportBundle = (proof: WalletSignatureProof) => callUnary(walletAuth, walletAuth.exportWallet, { ...request, proof }, callContext(c))
    const exported = await walletSignatures.withProof(c, operation, exportBundle)
    if ('refusal' in exported) return guardAnswer(exported.refusal)
    return c.json(exported.result, 200)
  })
}

/** Only an embedded wallet has a holder who signs; any other account is refused before a challenge is issued. */
async function mustBeEmbeddedWallet(c: Context<GatewayEnv>, accounts: InternalAccountsServiceClient, accountId: string): Promise<void> {
  const { facts } = await callUnary(accounts, accounts.getInternalAccountFacts, { accountId }, callContext(c))
  if (facts?.type === 'EMBEDDED_WALLET') return
  throw invalidInput([{ field: 'id', message: `${accountId} is ${facts?.type ?? 'not'} an EMBEDDED_WALLET account` }], 'Only an embedded wallet can be changed or exported here')
}
