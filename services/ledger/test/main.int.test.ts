import { randomBytes } from 'node:crypto'
import { jetstream, jetstreamManager } from '@nats-io/jetstream'
import { connectNats, developmentSigningKey, ensureEventsStream, EVENTS_STREAM, signedHeaders } from '@pp/events'
import { callUnary, checkHealth, createGrpcClient, startGrpcServer, unaryService } from '@pp/grpc'
import { newId } from '@pp/ids'
import { createLogger } from '@pp/logging'
import { InternalAccountsServiceClient } from '@pp/proto/ledger/v1/internal_accounts'
import { PlatformFacts, PlatformServiceService } from '@pp/proto/platform/v1/platform'
import { createTestDatabase, freePort, startProcess, testConnections, waitUntil } from '@pp/testing'
import { expect, it } from 'vitest'
import { customerData, newTenant, shownPage } from './harness.js'

const logger = createLogger('ledger-main-test', 'silent')

/** Stands in for the platform service: every platform supports USD and USDB, unregulated. */
function startPlatformStub() {
  const implementation = unaryService(logger, {
    getPlatformFacts: async () => ({ facts: PlatformFacts.fromPartial({ supportedCurrencies: ['USD', 'USDB'] }) }),
  })
  return startGrpcServer('127.0.0.1:0', [{ name: 'platform.v1.PlatformService', definition: PlatformServiceService, implementation }], logger)
}

it('runs as its own process: migrates, provisions from events, relays its own events, stops cleanly', async () => {
  const { natsUrl } = await testConnections()
  const database = await createTestDatabase('ledger_main')
  const platform = await startPlatformStub()
  const source = `ledgermain${randomBytes(4).toString('hex')}`
  const address = `127.0.0.1:${await freePort()}`
  const service = startProcess('ledger', 'services/ledger/src/main.ts', {
    DATABASE_URL: database.url,
    GRPC_ADDRESS: address,
    OPERATOR_GRPC_ADDRESS: `127.0.0.1:${await freePort()}`,
    NATS_URL: natsUrl,
    PLATFORM_GRPC_ADDRESS: `127.0.0.1:${platform.port}`,
    EVENTS_CONSUMER_PREFIX: source,
    CUSTOMER_EVENTS_SUBJECT: `events.${source}.CUSTOMER.>`,
    PLATFORM_EVENTS_SUBJECT: `events.${source}.PLATFORM.>`,
  })
  const nats = await connectNats(natsUrl, 'ledger-main-test')
  const client = createGrpcClient(InternalAccountsServiceClient, address)
  try {
    await ensureEventsStream(nats)
    await waitUntil(() => checkHealth(address), `ledger service at ${address}\n${service.output()}`)
    const ctx = newTenant()
    const customer = customerData()
    // as this test's own source, signed with its development key as a producer would sign it
    const created = { id: newId('Event'), type: 'CUSTOMER.CREATED', source, ...ctx, occurredAt: '', data: customer }
    await jetstream(nats).publish(`events.${source}.CUSTOMER.CREATED`, JSON.stringify(created), { headers: signedHeaders(developmentSigningKey(source), created) })
    const accounts = () => callUnary(client, client.listCustomerInternalAccounts, { customerId: String(customer.id), limit: 0 }, ctx).then(shownPage)
    await waitUntil(async () => (await accounts()).data.filter((a) => a.status === 'ACTIVE').length === 3, `provisioned accounts\n${service.output()}`)

    const incoming: string[] = []
    const subscription = nats.subscribe('events.ledger.FUNDS_CREDITED', { callback: (_err, message) => void incoming.push(message.string()) })
    await nats.flush()
    const usd = (await accounts()).data.find((a) => a.type === 'INTERNAL_FIAT')!
    await callUnary(client, client.fundSandboxInternalAccount, { accountId: usd.id, amount: 2_500n }, ctx)
    await waitUntil(async () => incoming.some((m) => m.includes(usd.id)), 'the FUNDS_CREDITED fact on NATS')
    subscription.unsubscribe()

    await service.stop('SIGTERM')
    expect(service.child.exitCode).toBe(0)
  } finally {
    client.close()
    const jsm = await jetstreamManager(nats)
    for (const name of ['customers', 'platform']) await jsm.consumers.delete(EVENTS_STREAM, `${source}-${name}`).catch(() => undefined)
    await nats.close()
    await service.stop()
    await platform.shutdown()
    await database.drop()
  }
})
