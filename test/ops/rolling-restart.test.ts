import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitUntil } from '@pp/testing'
import { meshServices } from '../../scripts/mesh/services.js'
import { balanceOf, createCustomer, expectBalancedAndSettled, fund, ledgerBooks, startPaymentsWorld, type Customer, type PaymentsWorld } from '../e2e/payments-support.js'

/**
 * A rolling update of the whole mesh under money load loses no request: two replicas of every
 * service and of the gateway, several Deployments rolling at the same time and each replacing its
 * replicas in turn (SIGTERM, the process drains, a new one starts on its address and becomes
 * ready, then a pause as `minReadySeconds` gives) while clients keep executing payments. Every
 * request must be answered 201, and the books must balance after.
 */
const CLIENTS = Number(process.env.ROLLING_CLIENTS ?? 3)
/** The manifests' minReadySeconds, and longer than a client's longest reconnect backoff. */
const MIN_READY_MS = 5_500
/**
 * Deployments rolling at once (of nine). All nine would start nine processes together on this
 * machine's two cores while the load runs: a starvation no cluster's nodes see, not a rollout.
 */
const ROLLING_AT_ONCE = 5
const AMOUNT = 100
const FUNDED = 10_000_000

describe('rolling restart under money load', () => {
  let world: PaymentsWorld
  const customers: Customer[] = []

  beforeAll(async () => {
    world = await startPaymentsWorld('rolling', { replicas: 2, gateways: 2 })
    for (let i = 0; i < CLIENTS * 2; i += 1) customers.push(await createCustomer(world))
    for (const customer of customers) await fund(world, customer.accounts.USD!, FUNDED)
  }, 300_000)

  afterAll(async () => {
    await world?.stop()
  }, 120_000)

  it('answers every payment while each replica of every process is replaced', async () => {
    const failures: string[] = []
    let executed = 0
    let loading = true
    const client = async (index: number) => {
      const [from, to] = [customers[2 * index]!, customers[2 * index + 1]!]
      while (loading) {
        const body = {
          source: { sourceType: 'ACCOUNT', accountId: from.accounts.USD },
          destination: { destinationType: 'ACCOUNT', accountId: to.accounts.USD },
          lockedCurrencySide: 'SENDING',
          lockedCurrencyAmount: AMOUNT,
          immediatelyExecute: true,
        }
        const answer = await world.api('POST', '/quotes', body, { 'Idempotency-Key': randomUUID() }).catch((err: Error) => ({ status: 0, body: err.message }))
        if (answer.status === 201) executed += 1
        else failures.push(`${answer.status} ${JSON.stringify(answer.body)}`)
      }
    }
    const load = Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)))
    const steps: string[] = []
    // Deployments roll side by side, as `kubectl rollout restart` of the whole mesh does, and each
    // one replica at a time (maxUnavailable 0, maxSurge 1), pausing for minReadySeconds in between
    const rollout = async (name: string) => {
      for (const replica of [0, 1]) {
        const before = executed
        const startedAt = Date.now()
        await world.mesh.replaceReplica(name, replica)
        await new Promise((resolve) => setTimeout(resolve, MIN_READY_MS))
        steps.push(`${name}#${replica}: replaced in ${Date.now() - startedAt - MIN_READY_MS} ms, ${executed - before} payments meanwhile`)
      }
    }
    const waiting = [...meshServices.map((s) => s.name), 'gateway']
    const roller = async () => {
      for (let name = waiting.shift(); name !== undefined; name = waiting.shift()) await rollout(name)
    }
    await Promise.all(Array.from({ length: ROLLING_AT_ONCE }, roller))
    loading = false
    await load
    console.log(`[rolling] ${steps.length} replicas replaced, ${executed} payments executed, ${failures.length} failed\n  ${steps.join('\n  ')}`)
    expect(failures).toEqual([])
    expect(executed).toBeGreaterThan(0)

    // payments between the customers' own accounts: the money is all still theirs, to the cent
    await waitUntil(async () => (await ledgerBooks(world)).totals.every((row) => row.debits_pending === '0'), 'every hold settled', 30_000)
    expectBalancedAndSettled(await ledgerBooks(world))
    const balances = await Promise.all(customers.map((customer) => balanceOf(world, customer, 'USD')))
    expect(balances.reduce((sum, b) => sum + b.total, 0)).toBe(customers.length * FUNDED)
  }, 600_000)
})
