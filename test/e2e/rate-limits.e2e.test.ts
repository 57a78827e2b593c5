import type { NatsConnection } from '@nats-io/transport-node'
import { connectNats } from '@pp/events'
import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RATE_LIMIT_SUBJECT } from '../../gateway/src/rate-limit/rate-limit-sharing.js'
import { startMesh, type Credentials, type Mesh } from './mesh.js'

/**
 * The per-token rate limit on two gateway replicas behind the front proxy: a token's requests are
 * counted by both together (each replica reports what it let through over NATS every
 * RATE_LIMIT_SYNC_INTERVAL_MS), within the bound rate-limit-sharing.ts documents, and another
 * token's requests go on unaffected. A slow rate makes the shared and the separate limits far apart.
 */
const RATE_PER_SECOND = 2
const BURST = 10
const SYNC_INTERVAL_MS = 100
const REPLICAS = 2
// the delay the bound allows a report: the interval, plus NATS and a loaded machine's event loops
const REPORT_DELAY_S = SYNC_INTERVAL_MS / 1000 + 1

let mesh: Mesh
let nats: NatsConnection

beforeAll(async () => {
  mesh = await startMesh({
    gateways: REPLICAS,
    env: { RATE_LIMIT_PER_SECOND: String(RATE_PER_SECOND), RATE_LIMIT_BURST: String(BURST), RATE_LIMIT_SYNC_INTERVAL_MS: String(SYNC_INTERVAL_MS) },
  })
  nats = await connectNats(mesh.natsUrl, 'rate-limit-observer')
}, 180_000)

afterAll(async () => {
  await nats?.close()
  await mesh?.stop()
})

const authorization = ({ clientId, clientSecret }: Credentials) => `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`

async function list(baseUrl: string, credentials: Credentials) {
  const response = await fetch(`${baseUrl}/tokens?limit=100`, { headers: { authorization: authorization(credentials) } })
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as any }
}

/** Requests through `baseUrl` one after another until one is refused: how many went through, and the refusal. */
async function untilRefused(baseUrl: string, credentials: Credentials) {
  for (let admitted = 0; admitted <= 10 * BURST; admitted += 1) {
    const answer = await list(baseUrl, credentials)
    if (answer.status !== 200) return { admitted, refusal: answer }
  }
  throw new Error('never refused')
}

/** The requests of `tokenId` every replica reported letting through, heard from now on. */
function reportsOf(tokenId: string): { total: () => number; stop: () => void } {
  let total = 0
  const subscription = nats.subscribe(RATE_LIMIT_SUBJECT, {
    callback: (_err, message) => {
      const report = JSON.parse(message.string()) as { spent: Array<[string, number]> }
      for (const [key, requests] of report.spent) if (key === tokenId) total += requests
    },
  })
  return { total: () => total, stop: () => subscription.unsubscribe() }
}

async function platformToken(name: string): Promise<{ credentials: Credentials; tokenId: string }> {
  const credentials = await mesh.createPlatform(name)
  const listed = await list(mesh.baseUrl, credentials)
  const token = (listed.body.data as Array<{ id: string; clientId: string }>).find((t) => t.clientId === credentials.clientId)!
  return { credentials, tokenId: token.id }
}

describe('the rate limit shared by the gateway replicas', () => {
  it("spends on one replica what a token's burst spent on the other", async () => {
    const [a, b] = mesh.gatewayBaseUrls as [string, string]
    const { credentials, tokenId } = await platformToken('Rate limited across replicas')
    const reports = reportsOf(tokenId)
    // the server has the subscription before the burst: a report published earlier would be lost
    await nats.flush()
    const onA = await untilRefused(a, credentials)
    const spentAt = performance.now()
    expect(onA.admitted).toBeGreaterThanOrEqual(BURST - 1)
    expect(onA.refusal).toMatchObject({ status: 429, retryAfter: expect.stringMatching(/^[1-9]\d*$/), body: { code: 'RATE_LIMITED', details: { retryAfterSeconds: expect.any(Number) } } })
    await waitUntil(async () => reports.total() >= onA.admitted, "replica a's report of the burst", 10_000, 10)
    reports.stop()
    // alone, b would let its own burst through; shared, only what refilled since
    const onB = await untilRefused(b, credentials)
    const refilled = RATE_PER_SECOND * ((performance.now() - spentAt) / 1000)
    expect(onB.admitted).toBeLessThanOrEqual(Math.ceil(refilled) + 1)
    expect(onB.admitted).toBeLessThan(BURST)
    expect(onB.refusal.status).toBe(429)
  })

  it('holds both replicas together within the documented bound, and leaves other tokens alone', async () => {
    const { credentials } = await platformToken('Rate limited under load')
    const other = await platformToken('Not rate limited')
    let admitted = 0
    let refused = 0
    const startedAt = performance.now()
    const runForMs = 6_000
    // two clients through the front proxy, which sends each request to the next replica in turn
    const client = async () => {
      while (performance.now() - startedAt < runForMs) {
        const { status } = await list(mesh.baseUrl, credentials)
        if (status === 200) admitted += 1
        else if (status === 429) refused += 1
        else throw new Error(`unexpected status ${status}`)
      }
    }
    await Promise.all([client(), client()])
    const seconds = (performance.now() - startedAt) / 1000
    // rate-limit-sharing.ts: B + r·t + (N − 1)·(B + r·d); each replica alone would allow N·(B + r·t)
    const bound = BURST + RATE_PER_SECOND * seconds + (REPLICAS - 1) * (BURST + RATE_PER_SECOND * REPORT_DELAY_S)
    expect(refused).toBeGreaterThan(0)
    expect(admitted).toBeLessThanOrEqual(Math.floor(bound))
    expect(admitted).toBeLessThan(REPLICAS * (BURST + RATE_PER_SECOND * seconds))
    for (const replica of mesh.gatewayBaseUrls) expect((await list(replica, other.credentials)).status).toBe(200)
  })
})
