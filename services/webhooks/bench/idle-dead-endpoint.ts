/**
 * What a dead endpoint with a backlog costs an otherwise idle service: queues N webhooks for a
 * platform whose endpoint refuses connections, waits until the endpoint is paused and the
 * backlog held, then counts over S seconds the statements the service sends (counted in its
 * pool), the table scans (index and sequential, pg_stat_user_tables) and the transactions the
 * webhooks database commits (pg_stat_database.xact_commit; every statement outside a transaction
 * is one, and so is each autovacuum or autoanalyze step that the burst of writes may trigger).
 *
 *   pnpm --filter @pp/webhooks bench:idle [deliveries=2000] [seconds=10]
 *
 * Needs Postgres and NATS as the tests do (TEST_DATABASE_URL / NATS_URL or the local servers).
 */
import { databaseName, prepared, withDatabase, type SqlPool, type SqlRunner } from '@pp/db'
import { testConnections, waitUntil } from '@pp/testing'
import { deliverySettingsOf, loadWebhooksConfig } from '../src/config.js'
import { open, openSql } from '../src/db/client.js'
import { startDeliveryWorker } from '../src/domain/delivery/worker.js'
import { newTenant } from '../test/support/events.js'
import { startReceiver } from '../test/support/receiver.js'
import { openBenchService } from './bench-service.js'

const STATS_LAG_MS = 12_000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const deliveryCount = Math.min(20_000, Number(process.argv[2] ?? 2_000))
const sampleSeconds = Math.min(120, Number(process.argv[3] ?? 10))
// the production defaults: the probe's first retry comes 10 s (± 20 %) after the pause
const settings = deliverySettingsOf(loadWebhooksConfig({ DATABASE_URL: 'postgresql://127.0.0.1/unused' }))

const service = await openBenchService('idle', settings)
const { db, events, logger } = service
// the statements the service sends, counted where it sends them (BEGIN and COMMIT included)
let sent = 0
const { sql } = service.deps
const countedRunner = (runner: SqlRunner): SqlRunner => ({
  query: (statement, values) => {
    sent += 1
    return runner.query(statement, values)
  },
})
const counted: SqlPool = {
  ...sql,
  ...countedRunner(sql),
  transaction(work) {
    sent += 2
    return sql.transaction((tx) => work(countedRunner(tx)))
  },
}
const deps = { ...service.deps, sql: counted }
const closed = await startReceiver()
await closed.close()
const tenant = newTenant()
service.endpoints.set(tenant, closed.url)
const worker = startDeliveryWorker(deps, logger, service.database.url)
await service.consume(worker)
// read from another database, so that reading does not count
const admin = openSql(withDatabase((await testConnections()).databaseUrl, 'postgres'), 1)
const COMMITS = prepared('bench_commits', 'SELECT xact_commit FROM pg_stat_database WHERE datname = $1')
const commits = async () => (await admin.query<{ xact_commit: bigint }>(COMMITS, [databaseName(service.database.url)]))[0]!.xact_commit
// statistics are per database: read outside the sampled window
const SCANS = prepared('bench_scans', 'SELECT sum(coalesce(idx_scan, 0) + seq_scan) AS scans FROM pg_stat_user_tables')
const scans = async () => Number((await sql.query<{ scans: string }>(SCANS, []))[0]!.scans)

try {
  for (let i = 0; i < deliveryCount; i += 1) await events.publish(tenant, 'CUSTOMER.UPDATED', { id: `Customer:${i}` })
  const held = () => open(db).webhookDelivery.count({ where: { status: 'PENDING', nextAttemptAt: null } })
  await waitUntil(async () => (await held()) === deliveryCount - 1, `${deliveryCount - 1} held deliveries`, 120_000, 100)
  const attemptsBefore = await open(db).deliveryAttempt.count()
  // an idle backend reports its statistics up to 10 s late (Postgres 15): let the burst's arrive first
  await sleep(STATS_LAG_MS)
  const scansBefore = await scans()
  const before = await commits()
  const sentBefore = sent
  await sleep(sampleSeconds * 1_000)
  const sentDuring = sent - sentBefore
  await sleep(STATS_LAG_MS)
  // this bench's own read of the scan counts is one of them, reported late like the rest
  const committed = (await commits()) - before
  const scanned = (await scans()) - scansBefore
  console.log(
    `${deliveryCount} deliveries to a dead endpoint: paused, ${deliveryCount - 1} held behind one probe (${attemptsBefore} attempts before)\n` +
      `  idle for ${sampleSeconds} s: ${sentDuring} statements sent by the service; ` +
      `with ${STATS_LAG_MS / 1_000} s more for late statistics: ${scanned} table scans, ${committed} transactions committed in its database`,
  )
} finally {
  await admin.end()
  await worker.stop()
  await service.stop()
}
