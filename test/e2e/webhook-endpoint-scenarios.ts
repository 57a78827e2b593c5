import { createHash, randomBytes } from 'node:crypto'
import { p256 } from '@noble/curves/nist.js'
import { waitUntil } from '@pp/testing'
import { expect } from 'vitest'
import { issueCard } from './cards-support.js'
import { apiClient, type Mesh } from './mesh.js'
import { createCustomer, euroExternalAccount, fund, type Api, type PaymentsWorld } from './payments-support.js'
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from './webhook-receiver.js'

/**
 * What an integrator meets when webhooks are wired after the money moved, or when the endpoint
 * fails: run by the shared mesh's file and again by a mesh with two webhooks replicas, whose
 * every replica must follow the platform's endpoint at once. Both meshes have SLOW_RETRIES_ENV.
 */

/** The figure the issue sets: every held webhook at the receiver within seconds of setting the endpoint. */
const ARRIVAL_TIMEOUT_MS = 10_000

interface EndpointWorld extends PaymentsWorld {
  receiver: WebhookReceiver
}

/** A new sandbox platform that has not set a webhookEndpoint yet, and the receiver it will point at. */
async function platformWithoutEndpoint(mesh: Mesh, name: string): Promise<EndpointWorld> {
  const receiver = await startWebhookReceiver()
  const platform = await mesh.createPlatform(`e2e-${name}-${randomBytes(4).toString('hex')}`, { skipVerificationPaperwork: true })
  const api = apiClient(mesh, platform)
  const termsVersion = (await api('GET', '/customers/end-user-terms')).body.version as string
  return { mesh, api, platformId: platform.platformId, webhooks: receiver.received, webhookUrl: receiver.url, termsVersion, receiver, stop: () => receiver.close() }
}

const endpointOf = async (api: Api) => {
  const answer = await api('GET', '/webhooks/endpoint')
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body
}

const deliveriesOf = async (api: Api): Promise<any[]> => (await api('GET', '/webhooks/deliveries?limit=100')).body.data

function expectSigned(webhook: ReceivedWebhook, publicKeyHex: string): void {
  const signature = Buffer.from(String(webhook.headers['x-service-signature']), 'base64')
  const digest = createHash('sha256').update(webhook.rawBody).digest()
  expect(p256.verify(signature, digest, Buffer.from(publicKeyHex, 'hex'), { prehash: false, format: 'der' })).toBe(true)
}

/** Waits until every delivery of the log has reached the receiver; answers the log. */
async function expectAllArrived(world: EndpointWorld, what: string): Promise<any[]> {
  let log: any[] = []
  await waitUntil(
    async () => {
      log = await deliveriesOf(world.api)
      return log.length > 0 && log.every((d) => d.status === 'DELIVERED')
    },
    what,
    ARRIVAL_TIMEOUT_MS,
    50,
  )
  const arrived = world.receiver.received.map((w) => w.body.id as string)
  expect(new Set(arrived).size).toBe(arrived.length)
  expect([...arrived].sort()).toEqual(log.map((d) => d.id).sort())
  return log
}

/** An agent of the customer asks for a transfer above its approval threshold: AGENT_ACTION.PENDING_APPROVAL. */
async function agentActionAwaitingApproval(world: EndpointWorld, customerId: string, payee: string, sourceAccountId: string): Promise<void> {
  const policy = {
    permissions: ['CREATE_TRANSFERS'],
    defaultExecutionMode: 'AUTO',
    spendingLimits: { currency: 'EUR', perTransactionLimit: 50_000, dailyLimit: 500_000, monthlyLimit: 1_000_000 },
    approvalThresholds: { currency: 'EUR', amount: 1_000 },
  }
  const created = await world.api('POST', '/agents', { name: 'Bookkeeper', customerId, policy })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const anonymous = apiClient(world.mesh)
  const { accessToken } = (await anonymous('POST', `/agents/device-codes/${created.body.deviceCode.code}/redeem`)).body
  const asked = await anonymous('POST', '/agents/me/transfer-out', { source: { accountId: sourceAccountId }, destination: { accountId: payee }, amount: 5_000 }, {
    authorization: `Bearer ${accessToken}`,
  })
  expect(asked.status, JSON.stringify(asked.body)).toBe(201)
  expect(asked.body.status).toBe('PENDING_APPROVAL')
}

/**
 * Customers, fundings, a card and an agent action before any endpoint: nothing is attempted, the
 * log says what each delivery waits for; then the endpoint is set and every webhook arrives within
 * seconds, each once, signed, with the reference's TEST webhook.
 */
export async function webhooksWiredAfterTheMoneyMoved(mesh: Mesh): Promise<void> {
  const world = await platformWithoutEndpoint(mesh, 'wired-late')
  try {
    const customers = await Promise.all([1, 2, 3, 4].map(() => createCustomer(world)))
    const [payer, cardholder] = customers as [(typeof customers)[0], (typeof customers)[0]]
    await fund(world, payer.accounts.EUR!, 50_000)
    await fund(world, payer.accounts.EUR!, 25_000)
    await issueCard(world, cardholder)
    const payee = await euroExternalAccount(world, payer.id, '000')
    await agentActionAwaitingApproval(world, payer.id, payee, payer.accounts.EUR!)

    const expected = ['CUSTOMER.KYC_APPROVED', 'INCOMING_PAYMENT.COMPLETED', 'INTERNAL_ACCOUNT.BALANCE_UPDATED', 'CARD.STATE_CHANGE', 'AGENT_ACTION.PENDING_APPROVAL']
    await waitUntil(async () => {
      const types = new Set((await deliveriesOf(world.api)).map((d) => d.type))
      return expected.every((type) => types.has(type))
    }, 'every kind of webhook queued', 30_000)
    const held = await deliveriesOf(world.api)
    for (const delivery of held) expect(delivery, delivery.type).toMatchObject({ status: 'PENDING', attemptCount: 0, attempts: [], waitingFor: 'WEBHOOK_ENDPOINT' })
    expect(await endpointOf(world.api)).toMatchObject({ status: 'NOT_CONFIGURED', consecutiveFailures: 0, heldDeliveryCount: held.length })
    expect(world.receiver.received).toEqual([])

    expect((await world.api('PATCH', '/config', { webhookEndpoint: world.receiver.url })).status).toBe(200)
    const log = await expectAllArrived(world, 'every held webhook, and the TEST webhook, at the receiver')
    expect(log.every((d) => d.attemptCount === 1)).toBe(true)
    expect(log.map((d) => d.type)).toEqual(expect.arrayContaining([...expected, 'TEST']))
    expect(log.filter((d) => d.type === 'CUSTOMER.KYC_APPROVED')).toHaveLength(4)
    expect(log.filter((d) => d.type === 'INCOMING_PAYMENT.COMPLETED')).toHaveLength(2)
    const { publicKey } = (await world.api('GET', '/webhooks/signing-key')).body
    for (const webhook of world.receiver.received) expectSigned(webhook, publicKey)
    expect(await endpointOf(world.api)).toEqual({ url: world.receiver.url, status: 'ACTIVE', consecutiveFailures: 0, heldDeliveryCount: 0 })
  } finally {
    await world.stop()
  }
}

/** Points the platform at its receiver while the receiver is down, and creates customers until the endpoint pauses. */
async function pausedEndpoint(mesh: Mesh, name: string): Promise<EndpointWorld> {
  const world = await platformWithoutEndpoint(mesh, name)
  world.receiver.setDown(true)
  expect((await world.api('PATCH', '/config', { webhookEndpoint: world.receiver.url })).status).toBe(200)
  // each customer's approval and its accounts' webhooks: more failures in a row than pause an endpoint
  await Promise.all([1, 2].map(() => createCustomer(world)))
  // paused, and its probe attempted and waiting for its retry, minutes away: what follows must not wait for it
  let endpoint: any
  const isWaitingForProbe = (e: any) => e.status === 'PAUSED' && Date.parse(e.nextProbeAt) > Date.now() + 60_000
  await waitUntil(async () => isWaitingForProbe((endpoint = await endpointOf(world.api))), 'the endpoint paused', 30_000)
  expect(endpoint).toMatchObject({ url: world.receiver.url, pausedAt: expect.any(String), probeDeliveryId: expect.any(String) })
  expect(endpoint.consecutiveFailures).toBeGreaterThanOrEqual(5)
  expect(endpoint.heldDeliveryCount).toBeGreaterThan(0)
  return world
}

/** A paused endpoint changed to a working URL: the backlog and the next event arrive within seconds. */
export async function pausedEndpointChanged(mesh: Mesh): Promise<void> {
  const world = await pausedEndpoint(mesh, 'paused-changed')
  const working = await startWebhookReceiver()
  try {
    expect((await world.api('PATCH', '/config', { webhookEndpoint: working.url })).status).toBe(200)
    const customer = await createCustomer(world)
    await fund(world, customer.accounts.USD!, 1_234)
    const isTheFunding = (w: ReceivedWebhook) => w.body.type === 'INCOMING_PAYMENT.COMPLETED' && w.body.data.receivedAmount?.amount === 1_234
    await waitUntil(async () => working.received.some(isTheFunding), 'the new funding at the new endpoint', ARRIVAL_TIMEOUT_MS, 50)
    await waitUntil(async () => (await deliveriesOf(world.api)).every((d) => d.status === 'DELIVERED'), 'the backlog delivered', ARRIVAL_TIMEOUT_MS, 50)
    expect(working.received.map((w) => w.body.type)).toContain('TEST')
    expect(await endpointOf(world.api)).toEqual({ url: working.url, status: 'ACTIVE', consecutiveFailures: 0, heldDeliveryCount: 0 })
  } finally {
    await working.close()
    await world.stop()
  }
}

/** A paused endpoint that answers again: a 2xx to the sandbox test webhook resumes it, and the backlog follows. */
export async function pausedEndpointResumedByTestWebhook(mesh: Mesh): Promise<void> {
  const world = await pausedEndpoint(mesh, 'paused-tested')
  try {
    world.receiver.setDown(false)
    const test = await world.api('POST', '/sandbox/webhooks/test', {})
    expect(test.status, JSON.stringify(test.body)).toBe(200)
    expect(test.body).toMatchObject({ url: world.receiver.url, response_status: 200 })
    await waitUntil(async () => (await deliveriesOf(world.api)).every((d) => d.status === 'DELIVERED'), 'the backlog delivered', ARRIVAL_TIMEOUT_MS, 50)
    expect(await endpointOf(world.api)).toEqual({ url: world.receiver.url, status: 'ACTIVE', consecutiveFailures: 0, heldDeliveryCount: 0 })
    const ids = world.receiver.received.map((w) => w.body.id)
    expect(new Set(ids).size).toBe(ids.length)
  } finally {
    await world.stop()
  }
}
