import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { connect as connectTcp } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { jetstream } from '@nats-io/jetstream'
import { connect, type NatsConnection } from '@nats-io/transport-node'
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
import { makeMeshIdentities, natsServerCertificateOf } from '../../scripts/mesh/identities.js'
import { ensureNatsServerCertificate } from '../../scripts/mesh/nats-tls.js'
import { ensureNatsUsers, natsSeedFile, natsUserEnv, requireTls, type NatsUsers } from '../../scripts/mesh/nats-users.js'
import { meshServices } from '../../scripts/mesh/services.js'

/**
 * The NATS server `pnpm start` and the shared test mesh run (scripts/mesh/nats-users.ts) on a real
 * nats-server: TLS required, its certificate from the mesh's CA; each service publishes its own
 * events and uses the EVENTS stream, and nothing else.
 */
const logger = pino({ level: 'silent' })
let dir: string
let users: NatsUsers
let server: OwnNatsServer
const connections: NatsConnection[] = []

const connectAs = async (user: string): Promise<NatsConnection> => {
  const connection = await connectNats(server.url, `${user}-permissions-test`, natsClientOptionsOf({ NODE_ENV: 'test', ...natsUserEnv(users, user) }))
  connections.push(connection)
  return connection
}

const envelope = (source: string, type: string): EventEnvelope => ({
  id: `Event:${crypto.randomUUID()}`, type, source, platformId: 'Platform:1', environment: 'SANDBOX', occurredAt: new Date().toISOString(), data: {},
})

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nats-users-'))
  const identities = await makeMeshIdentities(join(dir, 'identities'))
  users = requireTls(ensureNatsUsers(dir, meshServices.map((s) => s.name)), natsServerCertificateOf(identities))
  server = await ownNatsServer({ configFile: users.configFile })
  await server.start()
})

afterAll(async () => {
  await Promise.all(connections.map((c) => c.close()))
  await server?.remove()
  rmSync(dir, { recursive: true, force: true })
})

/**
 * What the server does with a client that speaks plain NATS: its INFO says TLS is required, and
 * the CONNECT and PING that follow in the clear get no PONG; the server closes the connection.
 */
function plaintextClientAnswer(url: string): Promise<{ info: string; rest: string }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connectTcp(Number(port), hostname)
    let received = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      const isFirst = received === ''
      received += chunk
      if (isFirst) socket.write('CONNECT {"verbose":false,"pedantic":false}\r\nPING\r\n')
    })
    socket.once('close', () => {
      const [info = '', ...rest] = received.split('\r\n')
      resolve({ info, rest: rest.join('\r\n') })
    })
    socket.once('error', reject)
  })
}

describe('the mesh NATS server', () => {
  it('refuses a client that does not speak TLS', async () => {
    const { info, rest } = await plaintextClientAnswer(server.url)
    expect(JSON.parse(info.replace(/^INFO /, ''))).toMatchObject({ tls_required: true })
    expect(rest).not.toContain('PONG')
  })

  it('refuses a TLS client that does not trust the mesh CA, and lets one that does connect', async () => {
    const withoutCa = natsClientOptionsOf({ NODE_ENV: 'test', NATS_NKEY_SEED_FILE: natsSeedFile(users, 'admin') })
    await expect(connect({ ...withoutCa, servers: server.url, reconnect: false, timeout: 5_000 })).rejects.toThrow(/certificate/i)
    const admin = await connectAs('admin')
    expect(admin.info).toMatchObject({ tls_required: true })
    await admin.flush()
  })

  it("serves a deployment's certificate from pnpm mesh-keys (made once, kept), trusted by its ca.pem", async () => {
    const deployment = join(dir, 'deployment')
    const certificate = await ensureNatsServerCertificate(join(deployment, 'tls'), ['nats.example.internal'])
    const issued = readFileSync(certificate.certFile, 'utf8')
    expect(readFileSync((await ensureNatsServerCertificate(join(deployment, 'tls'), [])).certFile, 'utf8')).toBe(issued)
    const deployed = requireTls(ensureNatsUsers(deployment, meshServices.map((s) => s.name)), certificate)
    const deployedServer = await ownNatsServer({ configFile: deployed.configFile })
    await deployedServer.start()
    try {
      expect((await plaintextClientAnswer(deployedServer.url)).rest).not.toContain('PONG')
      const admin = await connectNats(deployedServer.url, 'deployment-admin', natsClientOptionsOf({ NODE_ENV: 'test', ...natsUserEnv(deployed, 'admin') }))
      await admin.flush()
      await admin.close()
    } finally {
      await deployedServer.remove()
    }
  })
})

describe('the mesh NATS users', () => {
  it('refuses a connection without a user', async () => {
    const anonymous = natsClientOptionsOf({ NODE_ENV: 'test', NATS_TLS_CA_FILE: users.tlsCaFile })
    await expect(connect({ ...anonymous, servers: server.url, reconnect: false, timeout: 5_000 })).rejects.toThrow(/Authorization/i)
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
