import { randomUUID } from 'node:crypto'
import type { NatsConnection } from '@nats-io/transport-node'
import { developmentSigningKey, readSigningKey, signedHeaders, type SigningKey } from '@pp/events'
import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { signingKeyFile } from '../../scripts/mesh/event-keys.js'
import { connectMeshNats } from './mesh.js'
import { balanceOf, createCustomer, fund, startPaymentsWorld, type Customer, type PaymentsWorld } from './payments-support.js'

/**
 * Issue 31: nobody inside the network is believed. Whoever can publish on NATS forges the ledger's
 * FUNDS_CREDITED (which payments turned into a COMPLETED incoming transaction and a webhook
 * platforms credit their users on) and the webhooks service's input: none of it may change
 * anything. The mesh's services sign with keys of their own; the forger has all but the ledger's
 * and publishes as NATS's admin user (what a NATS without users, or a leaked credential, allows).
 */
let world: PaymentsWorld
let customer: Customer
let nats: NatsConnection

beforeAll(async () => {
  world = await startPaymentsWorld('forged-events')
  customer = await createCustomer(world)
  nats = await connectMeshNats(world.mesh, 'e2e-forger')
}, 120_000)

afterAll(async () => {
  await nats?.drain()
  await world?.stop()
})

const forged = (type: string, source: string, data: unknown) => ({
  id: `Event:${randomUUID()}`,
  type,
  source,
  platformId: world.platformId,
  environment: 'SANDBOX',
  occurredAt: new Date().toISOString(),
  data,
})

function forgedCredit(amount: number) {
  const transferId = `Transfer:${randomUUID()}`
  const data = { transferId, accountId: customer.accounts.USD, currency: 'USD', amount: String(amount), description: 'Deposit', creditedAt: new Date().toISOString() }
  return { envelope: forged('FUNDS_CREDITED', 'ledger', data), transactionId: `Transaction:${transferId.slice('Transfer:'.length)}` }
}

const publish = (subject: string, envelope: object, key?: SigningKey): void =>
  nats.publish(subject, JSON.stringify(envelope), key && { headers: signedHeaders(key, envelope) })

const droppedBy = (service: string, eventId: string): boolean =>
  world.mesh.processes.some((p) => p.name === service && p.output().split('\n').some((line) => line.includes(eventId) && line.includes('event dropped')))

it('drops forged ledger credits and forged webhook events, changing nothing, while a genuine credit still flows', async () => {
  const webhooksKey = readSigningKey(signingKeyFile(world.mesh.eventKeys, 'webhooks'))
  const unsigned = forgedCredit(1_000_000)
  const signedByWebhooks = forgedCredit(2_000_000)
  const signedWithPublicDevelopmentKey = forgedCredit(3_000_000)
  publish('events.ledger.FUNDS_CREDITED', unsigned.envelope)
  publish('events.ledger.FUNDS_CREDITED', signedByWebhooks.envelope, webhooksKey)
  publish('events.ledger.FUNDS_CREDITED', signedWithPublicDevelopmentKey.envelope, developmentSigningKey('ledger'))
  // the webhooks service signs and delivers what payments announces: announce it in payments' name
  const announced = forged('INCOMING_PAYMENT.COMPLETED', 'payments', { id: unsigned.transactionId, status: 'COMPLETED', receivedAmount: { amount: 1_000_000, currency: { code: 'USD' } } })
  publish('events.payments.INCOMING_PAYMENT.COMPLETED', announced, webhooksKey)
  await nats.flush()

  await fund(world, customer.accounts.USD!, 1_234)
  const isGenuine = (body: any) => String(body?.type).startsWith('INCOMING_PAYMENT') && body.transaction?.receivedAmount?.amount === 1_234
  await waitUntil(async () => world.webhooks.some((w) => isGenuine(w.body)), 'the genuine incoming-payment webhook', 30_000)

  const forgeries = [unsigned, signedByWebhooks, signedWithPublicDevelopmentKey]
  await waitUntil(async () => forgeries.every(({ envelope }) => droppedBy('payments', envelope.id) && droppedBy('webhooks', envelope.id)), 'payments and webhooks to drop the forged credits', 30_000)
  await waitUntil(async () => droppedBy('webhooks', announced.id), 'the webhooks service to drop the forged announcement', 30_000)
  for (const { transactionId } of forgeries) expect((await world.api('GET', `/transactions/${encodeURIComponent(transactionId)}`)).status).toBe(404)
  const incoming = (await world.api('GET', `/transactions?type=INCOMING&customerId=${encodeURIComponent(customer.id)}`)).body.data as Array<{ receivedAmount: { amount: number } }>
  expect(incoming.map((t) => t.receivedAmount.amount)).toEqual([1_234])
  expect(world.webhooks.filter((w) => JSON.stringify(w.body).includes(unsigned.transactionId))).toEqual([])
  expect(await balanceOf(world, customer, 'USD')).toEqual({ available: 1_234, total: 1_234 })
})
