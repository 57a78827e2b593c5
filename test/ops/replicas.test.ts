import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callUnary, checkHealth, createGrpcClient } from '@pp/grpc'
import { PaymentsCatalogServiceClient } from '@pp/proto/payments/v1/catalog'
import { createTestDatabase, freePort, startProcess, testConnections, waitUntil, type ServiceProcess, type TestDatabase } from '@pp/testing'
import { serviceEntry } from '../../scripts/mesh/services.js'
import { scrapeCounter } from './scrape.js'

const REPLICAS = 3
const CALLER = { platformId: 'Platform:replicas', environment: 'SANDBOX' as const, requestId: 'req-replicas' }
const LIST_VASPS = '/payments.v1.PaymentsCatalogService/ListVasps'

interface Replica {
  process: ServiceProcess
  grpcPort: number
  metricsUrl: string
}

/**
 * Three payments replicas on one database behind one client target, as a headless Service gives
 * a gateway pod: every call goes to the next replica, and a replica stopped (SIGTERM, as a rolling
 * update does) under load costs no call.
 */
describe('payments replicas behind one target', () => {
  let database: TestDatabase
  const replicas: Replica[] = []
  let client: PaymentsCatalogServiceClient

  const startReplica = async (): Promise<Replica> => {
    const [grpcPort, operatorPort, metricsPort] = [await freePort(), await freePort(), await freePort()]
    const process = startProcess(`payments-${replicas.length}`, serviceEntry({ name: 'payments', grpcPort }), {
      DATABASE_URL: database.url,
      NATS_URL: (await testConnections()).natsUrl,
      GRPC_ADDRESS: `127.0.0.1:${grpcPort}`,
      // each replica its own operator port, as each pod has
      OPERATOR_GRPC_ADDRESS: `127.0.0.1:${operatorPort}`,
      METRICS_ADDRESS: `127.0.0.1:${metricsPort}`,
    })
    await waitUntil(() => checkHealth(`127.0.0.1:${grpcPort}`), `payments replica on ${grpcPort}`, 60_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${process.output()}`)
    })
    return { process, grpcPort, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` }
  }
  const callsServedBy = (replica: Replica) => scrapeCounter(replica.metricsUrl, 'grpc_server_handled_total', { method: LIST_VASPS, code: 'OK' })

  beforeAll(async () => {
    database = await createTestDatabase('replicas')
    // the first one migrates the database; the others find it migrated
    replicas.push(await startReplica())
    replicas.push(...(await Promise.all([startReplica(), startReplica()])))
    client = createGrpcClient(PaymentsCatalogServiceClient, `ipv4:${replicas.map((r) => `127.0.0.1:${r.grpcPort}`).join(',')}`)
  }, 120_000)

  afterAll(async () => {
    client?.close()
    await Promise.all(replicas.map((r) => r.process.stop()))
    await database?.drop()
  })

  it('spreads calls over every replica', async () => {
    const calls = 300
    for (let i = 0; i < calls; i += 10) {
      await Promise.all(Array.from({ length: 10 }, () => callUnary(client, client.listVasps, { limit: 10 }, CALLER)))
    }
    const served = await Promise.all(replicas.map(callsServedBy))
    expect(served.reduce((a, b) => a + b, 0)).toBe(calls)
    // round robin: each gets a third, give or take the calls made while a connection came up
    for (const count of served) expect(count).toBeGreaterThan(calls / REPLICAS / 2)
  })

  it('loses no call while a replica stops', async () => {
    const failures: unknown[] = []
    let answered = 0
    let loading = true
    const load = Promise.all(
      Array.from({ length: 8 }, async () => {
        while (loading) {
          await callUnary(client, client.listVasps, { limit: 10 }, CALLER).then(
            () => (answered += 1),
            (err: unknown) => failures.push(err),
          )
        }
      }),
    )
    await waitUntil(async () => answered > 100, 'load under way')
    await replicas[0]!.process.stop('SIGTERM')
    const afterStop = answered
    await waitUntil(async () => answered > afterStop + 300, 'load after the stop')
    loading = false
    await load
    expect(failures).toEqual([])
    expect(answered).toBeGreaterThan(afterStop + 300)
  })
})
