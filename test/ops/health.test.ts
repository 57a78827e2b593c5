import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseName, withDatabase } from '@pp/db'
import { checkHealth } from '@pp/grpc'
import { createTestDatabase, freePort, ownNatsServer, startProcess, testConnections, waitUntil, type OwnNatsServer, type ServiceProcess, type TestDatabase } from '@pp/testing'
import { serviceEntry } from '../../scripts/mesh/services.js'

/**
 * Health that means something: a service's `readiness` follows its own Postgres and NATS (down and
 * back), while liveness ('') stays SERVING, and the gateway's `/readyz` names the services without
 * a ready replica.
 */
describe('readiness', () => {
  let database: TestDatabase
  let nats: OwnNatsServer
  let platform: ServiceProcess
  let gateway: ServiceProcess
  let platformAddress: string
  let readyz: string
  const admin = async (statement: string): Promise<void> => {
    const client = new pg.Client({ connectionString: withDatabase((await testConnections()).databaseUrl, 'postgres') })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  const unreadyServices = async (): Promise<string[]> => {
    const res = await fetch(readyz)
    return res.status === 200 ? [] : ((await res.json()) as { unready: string[] }).unready
  }

  beforeAll(async () => {
    database = await createTestDatabase('readiness')
    nats = await ownNatsServer()
    await nats.start()
    platformAddress = `127.0.0.1:${await freePort()}`
    platform = startProcess('platform', serviceEntry({ name: 'platform', grpcPort: 0 }), {
      DATABASE_URL: database.url,
      NATS_URL: nats.url,
      GRPC_ADDRESS: platformAddress,
      OPERATOR_GRPC_ADDRESS: `127.0.0.1:${await freePort()}`,
    })
    const gatewayPort = await freePort()
    // every other service is absent: the gateway names them unready
    gateway = startProcess('gateway', 'gateway/src/main.ts', { PORT: String(gatewayPort), NATS_URL: nats.url, PLATFORM_GRPC_ADDRESS: platformAddress })
    readyz = `http://127.0.0.1:${gatewayPort}/readyz`
    await waitUntil(() => checkHealth(platformAddress, 'readiness'), 'platform ready', 60_000)
    await waitUntil(async () => (await fetch(`http://127.0.0.1:${gatewayPort}/healthz`)).ok, 'gateway up', 60_000)
  }, 120_000)

  afterAll(async () => {
    await admin(`ALTER DATABASE "${databaseName(database.url)}" ALLOW_CONNECTIONS true`).catch(() => undefined)
    await Promise.all([platform?.stop(), gateway?.stop()])
    await nats?.remove()
    await database?.drop()
  })

  it('is ready with its Postgres and NATS, and the gateway names only the absent services', async () => {
    expect(await checkHealth(platformAddress, 'readiness')).toBe(true)
    expect(await checkHealth(platformAddress, 'postgres')).toBe(true)
    expect(await checkHealth(platformAddress, 'nats')).toBe(true)
    // the gateway learns the platform's readiness from its health watch, a moment after it starts
    await waitUntil(async () => !(await unreadyServices()).includes('platform'), 'the gateway to see the platform ready', 10_000)
    expect(await unreadyServices()).toContain('payments')
  })

  it('is unready while its Postgres refuses connections, alive all along, and ready again after', async () => {
    const name = databaseName(database.url)
    await admin(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`)
    await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`)
    await waitUntil(async () => !(await checkHealth(platformAddress, 'readiness')), 'platform unready', 10_000)
    expect(await checkHealth(platformAddress, 'postgres')).toBe(false)
    expect(await checkHealth(platformAddress)).toBe(true)
    await waitUntil(async () => (await unreadyServices()).includes('platform'), 'gateway names platform', 10_000)

    await admin(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`)
    await waitUntil(() => checkHealth(platformAddress, 'readiness'), 'platform ready again', 10_000)
    await waitUntil(async () => !(await unreadyServices()).includes('platform'), 'gateway sees platform ready', 10_000)
  })

  it('is unready while NATS is down, alive all along, and ready again after', async () => {
    await nats.stop()
    await waitUntil(async () => !(await checkHealth(platformAddress, 'readiness')), 'platform unready', 10_000)
    expect(await checkHealth(platformAddress, 'nats')).toBe(false)
    expect(await checkHealth(platformAddress)).toBe(true)
    await nats.start()
    await waitUntil(() => checkHealth(platformAddress, 'readiness'), 'platform ready again', 30_000)
  })
})
