/**
 * `pnpm bench [seconds] [clients]`: the mesh's figures, each beside an anchor measured in the same
 * run on this machine, and the issue's targets for reference. It asserts nothing.
 *
 *   seconds  per load phase (BENCH_SECONDS, default 15): bare Hono, GET /customers/{id}, payments, card authorizations, pgbench
 *   clients  payment, card and pgbench clients (BENCH_CLIENTS, default 32)
 *   BENCH_WEBHOOK_RATE  events/s offered to the webhook pipeline alone (default 1,000, the target), for the same seconds
 *   BENCH_IDLE_SECONDS  idle sampling window (default 15), after BENCH_SETTLE_SECONDS (default 5)
 *   BENCH_HELD_WEBHOOKS  webhooks waiting for each of two platforms in the last idle window (default 2,800)
 *
 * It runs the mesh with the start script, as `pnpm start` does (Postgres from DATABASE_URL, else
 * the embedded server; NATS from NATS_URL or 127.0.0.1:4222), on free ports, and stops it at the end.
 */
import { randomBytes } from 'node:crypto'
import { withDatabase } from '@pp/db'
import { ensurePlatformAt } from '../../scripts/mesh/seed.js'
import { meshServices } from '../../scripts/mesh/services.js'
import { apiClient } from './api.js'
import { startAutovacuumStandIn, type AutovacuumStandIn } from './autovacuum.js'
import { startLocalMesh } from './mesh.js'
import { meshProcesses, rssMib } from './mesh-processes.js'
import { openLedgerMoney } from './money.js'
import { CARD_METHOD, measureCardAuthorizations } from './phases/cards.js'
import { measureIdle } from './phases/idle.js'
import { IDLE_BACKLOGS_METHOD, measureIdleWithBacklogs } from './phases/idle-backlogs.js'
import { measurePayments } from './phases/payments.js'
import { measurePgbench } from './phases/pgbench.js'
import { measureReads } from './phases/reads.js'
import { measureWebhookStream, WEBHOOK_STREAM_METHOD } from './phases/webhook-stream.js'
import { drainWebhooks, WEBHOOK_METHOD, webhookFigures } from './phases/webhooks.js'
import { ms, percentOf, perSecond, table } from './report.js'
import { startWebhookReceiver } from './webhook-receiver.js'

const setting = (argument: string | undefined, variable: string, fallback: number) => Number(argument ?? process.env[variable] ?? fallback)
const seconds = setting(process.argv[2], 'BENCH_SECONDS', 15)
const clients = setting(process.argv[3], 'BENCH_CLIENTS', 32)
const webhookRate = setting(undefined, 'BENCH_WEBHOOK_RATE', 1_000)
const idleSeconds = setting(undefined, 'BENCH_IDLE_SECONDS', 15)
const settleSeconds = setting(undefined, 'BENCH_SETTLE_SECONDS', 5)
const heldWebhooks = setting(undefined, 'BENCH_HELD_WEBHOOKS', 2_800)

const log = (line: string) => console.log(`[bench] ${line}`)

/** `gateway 1.2 ms, payments 3.4 ms, ..., total 9.9 ms`, the most expensive first. */
const cpuBreakdown = (byProcess: Map<string, number>): string => {
  const parts = [...byProcess].filter(([, cost]) => cost >= 0.005).sort(([, a], [, b]) => b - a)
  const total = parts.reduce((sum, [, cost]) => sum + cost, 0)
  return [...parts.map(([name, cost]) => `${name} ${cost.toFixed(2)} ms`), `total ${total.toFixed(2)} ms`].join(', ')
}

log(`starting the mesh (${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded Postgres'})`)
const mesh = await startLocalMesh()
const receiver = await startWebhookReceiver()
let vacuum: AutovacuumStandIn | undefined
try {
  log(`answered after ${(mesh.startMs / 1000).toFixed(1)} s; idle: settling ${settleSeconds} s, sampling ${idleSeconds} s`)
  const idle = await measureIdle(mesh, settleSeconds, idleSeconds)
  vacuum = await startAutovacuumStandIn(mesh.postgresUrl, meshServices.map((s) => s.name))

  const credentials = await ensurePlatformAt(mesh.platformOperatorAddress, {
    name: `bench-${randomBytes(4).toString('hex')}`,
    isRegulatedFinancialInstitution: false,
    skipVerificationPaperwork: true,
  })
  const api = apiClient(mesh.baseUrl, credentials)
  // a platform as it runs in production: its webhooks (every payment's events) are delivered
  const configured = await api('PATCH', '/config', { webhookEndpoint: receiver.url })
  if (configured.status !== 200) throw new Error(`config: ${configured.status} ${JSON.stringify(configured.body)}`)

  log(`reads: bare Hono, then GET /customers/{id}, ${seconds} s each`)
  const reads = await measureReads(mesh.baseUrl, api, credentials, mesh, seconds)

  log(`payments: ${clients} clients for ${seconds} s, then the webhooks' backlog`)
  const money = await openLedgerMoney(withDatabase(mesh.postgresUrl, 'ledger'))
  const payments = await measurePayments(api, money, credentials.platformId, mesh, clients, seconds).finally(() => money.close())
  await drainWebhooks(receiver.arrivals)
  const webhooks = webhookFigures(receiver.arrivals, payments.startedAt)

  log(`card authorizations: ${clients} clients for ${seconds} s`)
  const cards = await measureCardAuthorizations(api, clients, seconds)

  log(`webhooks alone: ${webhookRate} events/s offered for ${seconds} s`)
  const stream = await measureWebhookStream(mesh.natsUrl, credentials.platformId, receiver, mesh, webhookRate, seconds)
  const memory = meshProcesses(mesh.pid).map((p) => ({ ...p, rss: rssMib(p.pid) }))

  log(`pgbench tpcb-like: ${clients} clients for ${seconds} s on the same server`)
  const tps = await measurePgbench(mesh.postgresUrl, clients, seconds)

  await vacuum.stop()
  const vacuumDescription = vacuum.description
  vacuum = undefined

  log(`idle with webhooks waiting: ${heldWebhooks} held for a platform without an endpoint, as many behind a paused one`)
  const idleWithBacklogs = await measureIdleWithBacklogs(mesh, heldWebhooks, settleSeconds, idleSeconds)

  const rssTotal = memory.reduce((sum, p) => sum + p.rss, 0)
  console.log(
    [
      '',
      `Settings: ${seconds} s per load phase, ${clients} payment and pgbench clients, ${reads.connections} read connections (autocannon), idle window ${idleSeconds} s`,
      `Vacuum: ${vacuumDescription}`,
      `Reads: bare Hono ${reads.anchor.failed} failed; GET /customers/{id} ${reads.customer.failed} not 2xx`,
      `CPU per GET /customers/{id}: ${cpuBreakdown(reads.cpuMsPerRead)}`,
      `Payments: ${payments.executed} executed, ${payments.failed} not 201${[...payments.failures].map(([kind, n]) => ` (${n} × ${kind})`).join('')}`,
      `CPU per executed transfer: ${cpuBreakdown(payments.cpuMsPerTransfer)}`,
      `Webhooks: ${webhooks.delivered} delivered. Method: ${WEBHOOK_METHOD}`,
      `Card authorizations: ${cards.authorized} answered 202, ${cards.failed} not. Method: ${CARD_METHOD}`,
      `Webhooks alone: ${stream.delivered} delivered of ${Math.round(webhookRate * seconds)} offered. Method: ${WEBHOOK_STREAM_METHOD}`,
      `CPU per webhook delivered alone: ${cpuBreakdown(stream.cpuMsPerDelivery)}`,
      `Idle SQL: ${idle.sqlMethod}`,
      `Idle with webhooks waiting: ${idleWithBacklogs.heldCount} held. Method: ${IDLE_BACKLOGS_METHOD}`,
      `RSS after the load phases: ${memory.map((p) => `${p.name} ${p.rss.toFixed(0)} MiB`).join(', ')}`,
      '',
      table([
        { figure: 'GET /customers/{id}', value: perSecond(reads.customer.perSecond, 'req'), anchor: `bare Hono ${perSecond(reads.anchor.perSecond, 'req')}`, ratio: percentOf(reads.customer.perSecond, reads.anchor.perSecond), target: '>= 5% of bare Hono' },
        { figure: 'GET /customers/{id} p50', value: ms(reads.customer.p50), anchor: `bare Hono ${ms(reads.anchor.p50)}` },
        { figure: 'GET /customers/{id} p99', value: ms(reads.customer.p99), anchor: `bare Hono ${ms(reads.anchor.p99)}`, target: '<= 50 ms' },
        { figure: 'executed transfers', value: perSecond(payments.perSecond, 'transfers'), anchor: `pgbench tpcb-like ${perSecond(tps, 'tx')}`, ratio: percentOf(payments.perSecond, tps), target: '>= 15% of pgbench' },
        { figure: 'transfer p50', value: ms(payments.p50) },
        { figure: 'transfer p99', value: ms(payments.p99), target: '<= 250 ms' },
        { figure: 'money conservation', value: `${payments.centsOff} cents off`, target: '0 cents off' },
        { figure: 'card authorizations', value: perSecond(cards.perSecond, 'authorizations'), anchor: `payments ${perSecond(payments.perSecond, 'transfers')}` },
        { figure: 'card authorization p50', value: ms(cards.p50) },
        { figure: 'card authorization p99', value: ms(cards.p99) },
        { figure: 'card money conservation', value: `${cards.centsOff} cents off`, target: '0 cents off' },
        { figure: "payments' webhook deliveries", value: perSecond(webhooks.perSecond, 'deliveries'), anchor: `payments ${perSecond(payments.perSecond, 'transfers')}` },
        { figure: "payments' event-to-delivery p50", value: ms(webhooks.p50) },
        { figure: "payments' event-to-delivery p99", value: ms(webhooks.p99) },
        { figure: 'webhook deliveries alone', value: perSecond(stream.perSecond, 'deliveries'), anchor: `offered ${perSecond(webhookRate, 'events')}`, target: '>= 1,000/s' },
        { figure: 'event-to-delivery p50 alone', value: ms(stream.p50) },
        { figure: 'event-to-delivery p99 alone', value: ms(stream.p99), target: '<= 1 s' },
        { figure: 'idle CPU (mesh node processes)', value: `${idle.cpuPercent.toFixed(2)}% of a core`, target: '<= 2% of a core' },
        { figure: 'idle SQL', value: perSecond(idle.statementsPerSecond, 'statements'), target: '<= 10 statements/s' },
        { figure: 'idle CPU, webhooks waiting', value: `${idleWithBacklogs.cpuPercent.toFixed(2)}% of a core`, anchor: `idle ${idle.cpuPercent.toFixed(2)}%`, target: '<= 2% of a core' },
        { figure: 'idle SQL, webhooks waiting', value: perSecond(idleWithBacklogs.statementsPerSecond, 'statements'), anchor: `idle ${perSecond(idle.statementsPerSecond, 'statements')}`, target: '<= 10 statements/s' },
        { figure: 'pnpm start to first answer', value: `${(mesh.startMs / 1000).toFixed(1)} s`, target: '<= 10 s' },
        { figure: 'RSS (mesh node processes)', value: `${rssTotal.toFixed(0)} MiB in ${memory.length}` },
      ]),
    ].join('\n'),
  )
} finally {
  await vacuum?.stop()
  await receiver.close()
  await mesh.stop()
}
