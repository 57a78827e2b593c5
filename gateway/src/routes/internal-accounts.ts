import { createRoute, type z } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import type {
  CurrencyAmount,
  InternalAccount,
  InternalAccountsServiceClient,
  PaymentInstructions,
} from '@pp/proto/ledger/v1/internal_accounts'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import { errorResponses, isoTimestamp, listEnvelope } from '../schemas/common.js'
import {
  AccountIdParamsSchema,
  InternalAccountCreateRequestSchema,
  InternalAccountSchema,
  ListCustomerInternalAccountsQuerySchema,
  ListPlatformInternalAccountsQuerySchema,
  PaymentInstructionsSchema,
  RequiredIdempotencyHeadersSchema,
  SandboxFundRequestSchema,
  type InternalAccountJson,
} from '../schemas/internal-accounts.js'

const tags = ['Internal Accounts']
const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } })
const AccountListSchema = listEnvelope(InternalAccountSchema, 'InternalAccountListResponse')

const listCustomerAccounts = createRoute({
  method: 'get',
  path: '/customers/internal-accounts',
  ...requires('VIEW'),
  tags,
  summary: "List customers' internal accounts, newest first",
  request: { query: ListCustomerInternalAccountsQuerySchema },
  responses: { 200: json(AccountListSchema, 'A page of accounts'), ...errorResponses(400) },
})

const listPlatformAccounts = createRoute({
  method: 'get',
  path: '/platform/internal-accounts',
  ...requires('VIEW'),
  tags,
  summary: "List the platform's own internal accounts, newest first",
  request: { query: ListPlatformInternalAccountsQuerySchema },
  responses: { 200: json(AccountListSchema, 'A page of accounts'), ...errorResponses(400) },
})

const createAccount = createRoute({
  method: 'post',
  path: '/internal-accounts',
  ...requires('MANAGE'),
  tags,
  summary: 'Create a rule-based internal account with its sweep rule',
  request: {
    headers: RequiredIdempotencyHeadersSchema,
    body: { required: true, content: { 'application/json': { schema: InternalAccountCreateRequestSchema } } },
  },
  responses: { 201: json(InternalAccountSchema, 'The account (the first one, on a retry with the same key)'), ...errorResponses(400, 404, 409, 410) },
})

const fundAccount = createRoute({
  method: 'post',
  path: '/sandbox/internal-accounts/{accountId}/fund',
  ...requires('TRANSACT'),
  tags: ['Sandbox'],
  summary: 'Sandbox: credit an internal account at once, as an incoming payment',
  request: {
    params: AccountIdParamsSchema,
    body: { required: true, content: { 'application/json': { schema: SandboxFundRequestSchema } } },
  },
  responses: { 200: json(InternalAccountSchema, 'The account with its new balance'), ...errorResponses(400, 404, 409) },
})

/**
 * Registered before the customer routes: `/customers/internal-accounts` would otherwise be taken
 * for `/customers/{customerId}`.
 */
export function registerInternalAccountRoutes(app: GatewayApp, accounts: InternalAccountsServiceClient): void {
  app.openapi(listCustomerAccounts, async (c) => {
    const page = await callUnary(accounts, accounts.listCustomerInternalAccounts, c.req.valid('query'), callContext(c))
    return c.json({ ...page, data: page.data.map(accountToJson) }, 200)
  })
  app.openapi(listPlatformAccounts, async (c) => {
    const page = await callUnary(accounts, accounts.listPlatformInternalAccounts, c.req.valid('query'), callContext(c))
    return c.json({ ...page, data: page.data.map(accountToJson) }, 200)
  })
  app.openapi(createAccount, async (c) => {
    const { account } = await callUnary(accounts, accounts.createRuleBasedInternalAccount, c.req.valid('json'), callContext(c))
    return c.json(accountToJson(account!), 201)
  })
  app.openapi(fundAccount, async (c) => {
    const request = { accountId: c.req.valid('param').accountId, amount: BigInt(c.req.valid('json').amount) }
    const { account } = await callUnary(accounts, accounts.fundSandboxInternalAccount, request, callContext(c))
    return c.json(accountToJson(account!), 200)
  })
}

/** Amounts are safe integers: the ledger refuses to show any other. */
const amountToJson = (value: CurrencyAmount | undefined) => ({
  amount: Number(value?.amount ?? 0n),
  currency: value?.currency ?? { code: '', name: '', symbol: '', decimals: 0 },
})

/** Proto's empty lists stand for "not set": rails appear only on bank coordinates. */
function instructionsToJson({ accountOrWalletInfo, ...rest }: PaymentInstructions): z.infer<typeof PaymentInstructionsSchema> {
  const { paymentRails, ...info } = accountOrWalletInfo ?? { accountType: '', paymentRails: [] }
  return { ...rest, accountOrWalletInfo: { ...info, ...(paymentRails.length > 0 ? { paymentRails } : {}) } } as z.infer<typeof PaymentInstructionsSchema>
}

/** The account as the API shows it: label and sweep rule null when absent, the rest left out. */
export function accountToJson(account: InternalAccount): InternalAccountJson {
  return {
    id: account.id,
    ...(account.customerId === undefined ? {} : { customerId: account.customerId }),
    type: account.type as InternalAccountJson['type'],
    status: account.status as InternalAccountJson['status'],
    balance: amountToJson(account.balance),
    totalBalance: amountToJson(account.totalBalance),
    fundingPaymentInstructions: account.fundingPaymentInstructions.map(instructionsToJson),
    createdAt: isoTimestamp(account.createdAt)!,
    updatedAt: isoTimestamp(account.updatedAt)!,
    label: account.label ?? null,
    sweepRule: account.sweepRule ?? null,
    ...(account.privateEnabled === undefined ? {} : { privateEnabled: account.privateEnabled }),
    ...(account.cardCapabilities === undefined ? {} : { cardCapabilities: account.cardCapabilities as InternalAccountJson['cardCapabilities'] }),
  }
}
