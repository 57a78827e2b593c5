import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { jetstream } from '@nats-io/jetstream'
import { connectNats } from '@pp/events'
import { withDatabase } from '@pp/db'
import { waitUntil } from '@pp/testing'
import pg from 'pg'
import { ensurePlatformAt } from '../../../scripts/mesh/seed.js'
import { apiClient } from '../api.js'
import { publishApproval } from '../bench-events.js'
import type { LocalMesh } from '../mesh.js'
import { measureIdle, type IdleFigures } from './idle.js'

export const IDLE_BACKLOGS_METHOD =
  'two platforms with webhooks waiting: one that never set an endpoint (every delivery held for it) and one whose endpoint ' +
  'answers 503 (paused, its probe waiting for its retry, the rest held); events published on the stream, then the idle window'

export interface IdleBacklogFigures extends IdleFigures {
  /** Deliveries waiting without a due time when the window began, over both platforms. */
  heldCount: number
}

/** A receiver that is down: every request answered 503. */
async function downReceiver(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    request.resume()
    request.on('end', () => response.writeHead(503).end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

async function publishApprovals(mesh: LocalMesh, platformIds: string[], perPlatform: number): Promise<void> {
  const nats = await connectNats(mesh.natsUrl, 'bench-idle-backlogs')
  try {
    const js = jetstream(nats)
    const published: Promise<unknown>[] = []
    for (const platformId of platformIds) {
      for (let i = 0; i < perPlatform; i += 1) {
        published.push(publishApproval(js, mesh.benchSigningKey, platformId, { id: `Customer:held-${i}`, customerType: 'INDIVIDUAL', kycStatus: 'APPROVED' }))
      }
    }
    await Promise.all(published)
  } finally {
    await nats.close()
  }
}

/**
 * Postgres 15 reports a backend's transaction counts at most once a second while it works and
 * within 10 s once it idles: the window starts after that, or it would count the backlog's own
 * queueing, reported late (measured: ~3,800 transactions landing 10 s after the last insert).
 */
const STATS_REPORTED_WITHIN_SECONDS = 11

/**
 * What the mesh costs idle while webhooks wait: `perPlatform` deliveries held for a platform with
 * no endpoint, as many behind a paused one. Held deliveries have no due time, so the idle figures
 * should be those of an idle mesh.
 */
export async function measureIdleWithBacklogs(mesh: LocalMesh, perPlatform: number, settleSeconds: number, seconds: number): Promise<IdleBacklogFigures> {
  const down = await downReceiver()
  const webhooks = new pg.Client({ connectionString: withDatabase(mesh.postgresUrl, 'webhooks') })
  await webhooks.connect()
  try {
    const platform = (name: string) => ensurePlatformAt(mesh.platformOperatorAddress, { name: `${name}-${randomUUID().slice(0, 8)}`, isRegulatedFinancialInstitution: false, skipVerificationPaperwork: true })
    const [unwired, failing] = await Promise.all([platform('bench-unwired'), platform('bench-failing')])
    const configured = await apiClient(mesh.baseUrl, failing)('PATCH', '/config', { webhookEndpoint: down.url })
    if (configured.status !== 200) throw new Error(`config: ${configured.status} ${JSON.stringify(configured.body)}`)
    await publishApprovals(mesh, [unwired.platformId, failing.platformId], perPlatform)
    const held = async () =>
      Number((await webhooks.query(
        `SELECT count(*) FROM webhook_deliveries WHERE platform_id = ANY($1) AND status = 'PENDING' AND next_attempt_at IS NULL`,
        [[unwired.platformId, failing.platformId]],
      )).rows[0].count)
    // all queued and held: the paused one's probe (and the TEST webhook of its endpoint) wait for a retry
    await waitUntil(async () => (await held()) >= 2 * perPlatform - 2, 'the backlogs held', 120_000, 500)
    const heldCount = await held()
    return { ...(await measureIdle(mesh, Math.max(settleSeconds, STATS_REPORTED_WITHIN_SECONDS), seconds)), heldCount }
  } finally {
    await webhooks.end()
    await down.close()
  }
}
