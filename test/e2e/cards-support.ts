import { randomBytes } from 'node:crypto'
import { waitUntil } from '@pp/testing'
import { expect } from 'vitest'
import { apiClient, type Mesh } from './mesh.js'
import { createCustomer, fund, type Customer, type PaymentsWorld } from './payments-support.js'
import type { ReceivedWebhook } from './webhook-receiver.js'

/** Another sandbox platform on the same mesh, its webhooks sent to the same receiver. */
export async function platformWorld(mesh: Mesh, receiver: { url: string; received: ReceivedWebhook[] }, name: string, skipVerificationPaperwork = true): Promise<PaymentsWorld> {
  const platform = await mesh.createPlatform(`e2e-${name}-${randomBytes(4).toString('hex')}`, { skipVerificationPaperwork })
  const api = apiClient(mesh, platform)
  expect((await api('PATCH', '/config', { webhookEndpoint: receiver.url })).status).toBe(200)
  const termsVersion = (await api('GET', '/customers/end-user-terms')).body.version as string
  return { mesh, api, platformId: platform.platformId, webhooks: receiver.received, webhookUrl: receiver.url, termsVersion, stop: async () => undefined }
}

/** A funded customer with an ACTIVE card on its USD account, on a platform of its own (the live-card limit is per platform). */
export async function fundedCard(
  mesh: Mesh,
  receiver: { url: string; received: ReceivedWebhook[] },
  amount: number,
  extra: Record<string, unknown> = {},
): Promise<{ w: PaymentsWorld; customer: Customer; card: any }> {
  const w = await platformWorld(mesh, receiver, 'cards-money')
  const customer = await createCustomer(w)
  await fund(w, customer.accounts.USD!, amount)
  return { w, customer, card: await activeCard(w, customer, extra) }
}

/** What the card end-to-end tests do through the gateway. */
export const merchant = (descriptor: string) => ({ descriptor, mcc: '5814', country: 'US' })

export async function issueCard(world: PaymentsWorld, customer: Customer, extra: Record<string, unknown> = {}): Promise<any> {
  const created = await world.api('POST', '/cards', { cardholderId: customer.id, form: 'VIRTUAL', fundingSources: [customer.accounts.USD], ...extra })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  expect(created.body.state).toBe('PROCESSING')
  return created.body
}

/** Waits for the activation job: the card's CARD.STATE_CHANGE webhook to ACTIVE. */
export async function activeCard(world: PaymentsWorld, customer: Customer, extra: Record<string, unknown> = {}): Promise<any> {
  const card = await issueCard(world, customer, extra)
  await webhookOf(world, (w) => w.body.type === 'CARD.STATE_CHANGE' && w.body.data.id === card.id && w.body.data.state === 'ACTIVE')
  return (await world.api('GET', `/cards/${card.id}`)).body
}

export async function webhookOf(world: PaymentsWorld, match: (webhook: ReceivedWebhook) => boolean, what = 'the webhook'): Promise<ReceivedWebhook> {
  let found: ReceivedWebhook | undefined
  await waitUntil(async () => (found = world.webhooks.find(match)) !== undefined, what, 30_000)
  return found!
}

/** The card-transaction webhooks of one transaction, in order of arrival. */
export const transactionWebhooks = (world: PaymentsWorld, id: string): string[] =>
  world.webhooks.filter((w) => w.body.type?.startsWith('CARD_TRANSACTION.') && w.body.data.id === id).map((w) => w.body.type as string)

/** An account's spendable and total balance, as its owner's account list shows them. */
export async function balances(world: PaymentsWorld, customer: Customer, accountId = customer.accounts.USD!): Promise<{ available: number; total: number }> {
  const page = (await world.api('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}&limit=100`)).body
  const account = page.data.find((a: { id: string }) => a.id === accountId)
  return { available: account.balance.amount, total: account.totalBalance.amount }
}

export async function simulate(world: PaymentsWorld, cardId: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return world.api('POST', `/sandbox/cards/${cardId}/simulate/${path}`, body, headers)
}

/** Authorizes and answers the card transaction its webhook announced (found by the issuer token). */
export async function authorize(world: PaymentsWorld, cardId: string, amount: number, descriptor = 'BLUE BOTTLE COFFEE SF', path = 'authorization', currency = 'USD'): Promise<any> {
  const answer = await simulate(world, cardId, path, { amount, currency: { code: currency }, merchant: merchant(descriptor) })
  expect(answer.status, JSON.stringify(answer.body)).toBe(202)
  const webhook = await webhookOf(world, (w) => w.body.type?.startsWith('CARD_TRANSACTION.') && w.body.data.issuerTransactionToken === answer.body.issuerTransactionToken)
  return webhook.body.data
}

/** The transaction as GET /transactions/{id} shows it once it reached `status`. */
export async function transactionAt(world: PaymentsWorld, id: string, status: string): Promise<any> {
  let transaction: any
  await waitUntil(
    async () => {
      const answer = await world.api('GET', `/transactions/${encodeURIComponent(id)}`)
      transaction = answer.body
      return answer.status === 200 && transaction.status === status
    },
    `${id} to be ${status}`,
    30_000,
  )
  return transaction
}

/** The customer's embedded wallet (the Global Account provisioned with it). */
export async function walletOf(world: PaymentsWorld, customer: Customer): Promise<any> {
  const page = (await world.api('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}&type=EMBEDDED_WALLET`)).body
  return page.data[0]
}

/** An ACTIVE delegated key for the card's funding source on the wallet, through the signed flow (the sandbox signature). */
export async function createDelegatedKey(world: PaymentsWorld, cardId: string, walletId: string): Promise<any> {
  const body = { cardId, internalAccountId: walletId, nickname: 'Card payments key' }
  const first = await world.api('POST', '/auth/delegated-keys', body)
  expect(first.status, JSON.stringify(first.body)).toBe(202)
  const created = await world.api('POST', '/auth/delegated-keys', body, { 'Service-Wallet-Signature': 'sandbox-valid-signature', 'Request-Id': first.body.requestId })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body
}
