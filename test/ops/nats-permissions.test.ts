import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { jetstream } from '@nats-io/jetstream'
import type { NatsConnection } from '@nats-io/transport-node'
import {
  connectNats,
  consumeEvents,
  developmentSigningKey,
  ensureEventsStream,
  eventVerifierOf,
  natsClientOptionsOf,
  signedHeaders,
  type EventEnvelope,
  type RunningConsumer,
} from '@pp/events'
import { ownNatsServer, waitUntil, type OwnNatsServer } from '@pp/testing'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureNatsUsers, natsSeedFile, type NatsUsers } from '../../scripts/mesh/nats-users.js'
import { meshServices } from '../../scripts/mesh/services.js'

/**
 * The NATS users `pnpm start` gives the mesh (scripts/mesh/nats-users.ts) on a real nats-server:
 * each service publishes its own events and uses the EVENTS stream, and nothing else.
 */
const logger = pino({ level: 'silent' })
let dir: string
let users: NatsUsers
let server: OwnNatsServer
const connections: NatsConnection[] = []

const connectAs = async (user: string): Promise<NatsConnection> => {
  const connection = await connectNats(server.url, `${user}-permissions-test`, natsClientOptionsOf({ NODE_ENV: 'test', NATS_NKEY_SEED_FILE: natsSeedFile(users, user) }))
  connections.push(connection)
  return connection
}

const envelope = (source: string, type: string): EventEnvelope => ({
  id: `Event:${crypto.randomUUID()}`, type, source, platformId: 'Platform:1', environment: 'SANDBOX', occurredAt: new Date().toISOString(), data: {},
})

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nats-users-'))
  users = ensureNatsUsers(dir, meshServices.map((s) => s.name))
  server = await ownNatsServer({ configFile: users.configFile })
  await server.start()
})

afterAll(async () => {
  await Promise.all(connections.map((c) => c.close()))
  await server?.remove()
  rmSync(dir, { recursive: true, force: true })
})

describe('the mesh NATS users', () => {
  it('refuses a connection without a user', async () => {
    await expect(connectNats(server.url, 'anonymous')).rejects.toThrow(/Authorization/i)
  })

  it("let the ledger publish its own events and payments consume them, and refuse the ledger's credentials on payments' subjects", async () => {
    const ledger = await connectAs('ledger')
    const payments = await connectAs('payments')
    await ensureEventsStream(ledger)
    const received: EventEnvelope[] = []
    const consumer: RunningConsumer = await consumeEvents({
      nats: payments,
      durableName: 'payments-permissions',
      filterSubject: 'events.>',
      logger,
      verifier: eventVerifierOf({ NODE_ENV: 'test' }, logger),
      handle: async (event) => void received.push(event),
    })
    try {
      const forged = envelope('payments', 'INCOMING_PAYMENT.COMPLETED')
      // a publish the server refuses: no ack ever comes, the stream never holds it
      await expect(jetstream(ledger, { timeout: 1_000 }).publish('events.payments.INCOMING_PAYMENT.COMPLETED', JSON.stringify(forged), { headers: signedHeaders(developmentSigningKey('payments'), forged) })).rejects.toThrow()
      const genuine = envelope('ledger', 'FUNDS_CREDITED')
      await jetstream(ledger).publish('events.ledger.FUNDS_CREDITED', JSON.stringify(genuine), { headers: signedHeaders(developmentSigningKey('ledger'), genuine) })
      await waitUntil(async () => received.length > 0, 'the ledger event at payments', 10_000)
      expect(received.map((e) => e.id)).toEqual([genuine.id])
    } finally {
      await consumer.stop()
    }
  })

  it('let the gateway share rate limits and nothing else', async () => {
    const gateway = await connectAs('gateway')
    const admin = await connectAs('admin')
    const heard: string[] = []
    const subscription = admin.subscribe('>', { callback: (_err, message) => void heard.push(message.subject) })
    await admin.flush()
    gateway.publish('events.ledger.FUNDS_CREDITED', '{}')
    gateway.publish('ratelimit.gateway', '{}')
    await gateway.flush()
    await waitUntil(async () => heard.includes('ratelimit.gateway'), 'the rate-limit report', 5_000)
    subscription.unsubscribe()
    expect(heard).not.toContain('events.ledger.FUNDS_CREDITED')
  })
})
