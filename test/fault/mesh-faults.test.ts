import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { checkHealth } from '@pp/grpc'
import { freePort, ownNatsServer, waitUntil, type OwnNatsServer } from '@pp/testing'
import { afterAll, beforeAll, expect, it, onTestFailed } from 'vitest'
import { embeddedPostgres, type EmbeddedServer } from '../../scripts/mesh/postgres.js'
import { meshServices } from '../../scripts/mesh/services.js'
import { startPaymentsWorld, type PaymentsWorld } from '../e2e/payments-support.js'
import { prepareParties, seededRandom, startMoneyLoad, type Party } from './money-load.js'
import { judgeMoney, tallyWebhooks, transactionsOf, unfinished } from './verdict.js'

/**
 * Faults never lose money. Money flows through the gateway while every service in turn is killed
 * (SIGKILL) and started again, NATS is stopped for FAULT_NATS_OUTAGE_MS with the consuming
 * services restarted during the outage, and Postgres is restarted with a service started while it
 * is down. Then every accepted payment must be final within 30 s, none executed twice, every
 * account right to the cent with the ledger's books balanced, and every transaction's final
 * status announced by exactly one webhook (an event id delivered again, as at-least-once delivery
 * may after a webhooks crash, is counted apart: receivers drop it by X-Service-Event-Id). The mesh
 * runs on a Postgres and a NATS of this file's own, which it stops and starts; the shared test
 * servers stay up.
 *
 * FAULT_SEED picks the payments and the order of the faults; FAULT_ROUNDS repeats the faults,
 * FAULT_RATE (payments per second), FAULT_CLIENTS and FAULT_CUSTOMERS size the load.
 */
const env = (name: string, fallback: number): number => Number(process.env[name] ?? fallback)
const settings = {
  seed: env('FAULT_SEED', 1),
  rounds: env('FAULT_ROUNDS', 1),
  ratePerSecond: env('FAULT_RATE', 8),
  clients: env('FAULT_CLIENTS', 4),
  customers: env('FAULT_CUSTOMERS', 6),
  natsOutageMs: env('FAULT_NATS_OUTAGE_MS', 30_000),
  /** Load between two faults, so that each finds payments in flight. */
  gapMs: env('FAULT_GAP_MS', 3_000),
}
const FINAL_WITHIN_MS = 30_000
const POSTGRES_DOWN_MS = 3_000
const LOG_TAIL_CHARS = 20_000
/** The services that consume events: restarted while NATS is down, they must start and catch up. */
const CONSUMERS = ['ledger', 'payments', 'webhooks']
/** One round's faults plus the mesh's start and the checks, at most. */
const TEST_TIMEOUT_MS = 240_000 + settings.rounds * (180_000 + settings.natsOutageMs)

let postgres: EmbeddedServer
let postgresDir: string
let nats: OwnNatsServer
let world: PaymentsWorld
let parties: Party[]
let funded: Map<string, number>

beforeAll(async () => {
  // a new directory the embedded server's own user creates (the temp folder is writable by all)
  postgresDir = join(tmpdir(), `pp-fault-pg-${randomBytes(4).toString('hex')}`)
  postgres = await embeddedPostgres(postgresDir, await freePort())
  await postgres.start()
  nats = await ownNatsServer()
  await nats.start()
  world = await startPaymentsWorld('faults', {
    natsUrl: nats.url,
    databaseServerUrl: postgres.url,
    env: { SANDBOX_PENDING_FAILURE_DELAY: '2000', SANDBOX_SLOW_SETTLEMENT_DELAY: '2000', SANDBOX_RETURN_DELAY: '2000', RECOVERY_AFTER_MS: '1000' },
  })
  ;({ parties, funded } = await prepareParties(world, settings.customers))
}, 300_000)

afterAll(async () => {
  await world?.stop()
  await nats?.remove()
  await postgres?.stop()
  if (postgresDir) rmSync(postgresDir, { recursive: true, force: true })
})

it('loses no money and no webhook through crashes, a NATS outage and a Postgres restart', async () => {
  // what the processes said (warnings and errors) is what tells a failure's cause
  onTestFailed(() => {
    for (const process of world.mesh.processes) console.log(`--- ${process.name}\n${process.output().slice(-LOG_TAIL_CHARS)}`)
  })
  const random = seededRandom(settings.seed)
  const shuffled = <T>(items: T[]): T[] => items.map((item) => ({ item, order: random() })).sort((a, b) => a.order - b.order).map(({ item }) => item)
  const faults: string[] = []
  const startedAt = Date.now()
  const load = startMoneyLoad(world, parties, { clients: settings.clients, ratePerSecond: settings.ratePerSecond, random, answerWithinMs: 120_000 })

  for (let round = 0; round < settings.rounds; round += 1) {
    for (const service of shuffled(meshServices.map((s) => s.name))) {
      await sleep(settings.gapMs)
      await world.mesh.restart(service, 'SIGKILL')
      faults.push(`kill ${service}`)
    }

    await sleep(settings.gapMs)
    const outageEnds = Date.now() + settings.natsOutageMs
    await nats.stop()
    for (const service of shuffled(CONSUMERS)) {
      await world.mesh.restart(service, 'SIGKILL')
      // it serves its API without NATS and says so
      expect(await checkHealth(world.mesh.grpcAddress(service))).toBe(true)
      expect(await checkHealth(world.mesh.grpcAddress(service), 'nats')).toBe(false)
      faults.push(`kill ${service} while NATS is down`)
    }
    await sleep(Math.max(0, outageEnds - Date.now()))
    await nats.start()
    faults.push(`NATS down ${settings.natsOutageMs / 1000} s`)
    for (const service of CONSUMERS) await waitUntil(() => checkHealth(world.mesh.grpcAddress(service), 'nats'), `${service} to report NATS serving`, 30_000)

    await sleep(settings.gapMs)
    await postgres.stop()
    // a service that starts while Postgres is down waits for it, then serves
    const [waiting] = shuffled(meshServices.map((s) => s.name))
    const restarted = world.mesh.restart(waiting!, 'SIGKILL')
    await sleep(POSTGRES_DOWN_MS)
    await postgres.start()
    await restarted
    faults.push(`Postgres restarted, ${waiting} started while it was down`)
  }
  await sleep(settings.gapMs)
  await load.stop()
  const loadEndedAt = Date.now()

  const { payments } = load
  const accepted = payments.filter((p) => p.outcome === 'ACCEPTED')
  await waitUntil(async () => (await unfinished(world, payments)).length === 0, 'every accepted payment to be final', FINAL_WITHIN_MS).catch(() => undefined)
  const notFinal = await unfinished(world, payments)
  const finalAfterMs = Date.now() - loadEndedAt
  const transactions = await transactionsOf(world)
  await waitUntil(async () => tallyWebhooks(world, transactions).missing.length === 0, 'every final status announced', FINAL_WITHIN_MS).catch(() => undefined)
  // a late duplicate would arrive within moments of the original
  await sleep(2_000)
  const webhooks = tallyWebhooks(world, transactions)
  const money = await judgeMoney(world, parties, funded, payments)

  const refused = payments.filter((p) => p.outcome === 'REFUSED')
  const unanswered = payments.filter((p) => p.outcome === 'UNANSWERED')
  console.log(
    [
      '',
      `fault suite (seed ${settings.seed}, ${settings.rounds} round(s), ${Math.round((Date.now() - startedAt) / 1000)} s):`,
      `  faults injected:       ${faults.length} (${faults.join('; ')})`,
      `  payments sent:         ${payments.length} (retried ${payments.reduce((n, p) => n + p.attempts - 1, 0)} times)`,
      `  accepted:              ${accepted.length}`,
      `  refused / unanswered:  ${refused.length} / ${unanswered.length}${refused.length + unanswered.length > 0 ? ` (${[...refused, ...unanswered].slice(0, 5).map((p) => p.lastAnswer).join(', ')})` : ''}`,
      `  final:                 ${accepted.length - notFinal.length} (${notFinal.length} not final ${Math.round(finalAfterMs / 1000)} s after the load)`,
      `  executed twice:        ${money.executedTwice.length}`,
      `  cents off:             ${money.centsOff} (books unbalanced in ${money.booksUnbalanced.length} currencies)`,
      `  webhooks missing:      ${webhooks.missing.length}`,
      `  webhooks duplicated:   ${webhooks.duplicated.length} (same event redelivered: ${webhooks.redelivered})`,
      '',
    ].join('\n'),
  )
  expect(accepted.length).toBeGreaterThan(0)
  expect({ refused: refused.map((p) => p.lastAnswer), unanswered: unanswered.map((p) => p.lastAnswer) }).toEqual({ refused: [], unanswered: [] })
  expect(notFinal).toEqual([])
  expect(money).toEqual({ executedTwice: [], centsOff: 0, accountsOff: [], booksUnbalanced: [] })
  expect({ missing: webhooks.missing, duplicated: webhooks.duplicated }).toEqual({ missing: [], duplicated: [] })
}, TEST_TIMEOUT_MS)
