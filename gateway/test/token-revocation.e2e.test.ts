import { callUnary, checkHealth, createGrpcClient } from '@pp/grpc'
import { PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import { createTestDatabase, freePort, startProcess, testConnections, waitUntil, type ServiceProcess, type TestDatabase } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Two gateway replicas in front of the real platform service: a token deleted through one
 * replica stops working on both long before the (deliberately long) credential cache TTL ends.
 */
describe('token deletion across gateway replicas', () => {
  let db: TestDatabase
  const processes: ServiceProcess[] = []
  const gateways: string[] = []
  let seeded: { tokenId: string; clientId: string; clientSecret: string }

  beforeAll(async () => {
    const { natsUrl } = await testConnections()
    db = await createTestDatabase('gateway_e2e')
    const platformAddress = `127.0.0.1:${await freePort()}`
    const operatorAddress = `127.0.0.1:${await freePort()}`
    const platform = startProcess('platform', 'services/platform/src/main.ts', {
      DATABASE_URL: db.url, GRPC_ADDRESS: platformAddress, OPERATOR_GRPC_ADDRESS: operatorAddress, NATS_URL: natsUrl, TOKEN_SECRET_SCRYPT_LOG_N: '10',
    })
    processes.push(platform)
    await waitUntil(() => checkHealth(platformAddress), `platform service\n${platform.output()}`)
    seeded = await seedPlatform(operatorAddress)
    for (const name of ['gateway-a', 'gateway-b']) {
      const port = await freePort()
      processes.push(startProcess(name, 'gateway/src/main.ts', {
        PORT: String(port), HOST: '127.0.0.1', PLATFORM_GRPC_ADDRESS: platformAddress, NATS_URL: natsUrl, AUTH_CACHE_TTL_MS: '600000',
      }))
      const base = `http://127.0.0.1:${port}`
      await waitUntil(async () => (await fetch(`${base}/healthz`)).ok, name)
      gateways.push(`${base}/2025-10-13`)
    }
  }, 120_000)

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()))
    await db?.drop()
  })

  const call = (gateway: string, path: string, creds: { clientId: string; clientSecret: string }, method = 'GET', body?: unknown) =>
    fetch(`${gateway}${path}`, {
      method,
      headers: { Authorization: `Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString('base64')}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })

  it('rejects the deleted token on every replica and keeps the others working', async () => {
    const [a, b] = gateways as [string, string]
    const created = await call(a, '/tokens', seeded, 'POST', { name: 'ops', permissions: ['VIEW', 'MANAGE'] })
    expect(created.status).toBe(201)
    const other = (await created.json()) as { id: string; clientId: string; clientSecret: string }
    for (const gateway of [a, b]) {
      expect((await call(gateway, '/config', seeded)).status).toBe(200)
      expect((await call(gateway, '/config', other)).status).toBe(200)
    }
    // the spec's username form, the token id, works as well as the client id
    const byTokenId = { clientId: other.id, clientSecret: other.clientSecret }
    expect((await call(a, '/config', byTokenId)).status).toBe(200)

    expect((await call(a, `/tokens/${seeded.tokenId}`, other, 'DELETE')).status).toBe(204)

    const rejected = await call(a, '/config', seeded)
    expect(rejected.status).toBe(401)
    expect(await rejected.json()).toMatchObject({ code: 'UNAUTHORIZED' })
    await waitUntil(async () => (await call(b, '/config', seeded)).status === 401, 'replica b to drop the deleted token', 10_000, 50)
    expect((await call(b, '/config', other)).status).toBe(200)
  })
})

async function seedPlatform(address: string) {
  const client = createGrpcClient(PlatformServiceClient, address)
  try {
    const { sandboxToken } = await callUnary(
      client,
      client.ensurePlatform,
      { name: 'Gateway E2E', isRegulatedFinancialInstitution: false, skipVerificationPaperwork: true },
      { requestId: 'seed' },
    )
    if (!sandboxToken?.clientSecret) throw new Error('platform service issued no sandbox token')
    return { tokenId: sandboxToken.id, clientId: sandboxToken.clientId, clientSecret: sandboxToken.clientSecret }
  } finally {
    client.close()
  }
}

