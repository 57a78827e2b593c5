import { randomBytes } from 'node:crypto'
import { callUnary, checkHealth, createGrpcClient } from '@pp/grpc'
import type { Caller } from '@pp/tenancy'
import { PaymentsServiceClient, type CreateQuoteRequest } from '@pp/proto/payments/v1/payments'
import { freePort, startProcess, testConnections, waitUntil, type ServiceProcess } from '@pp/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { balances, eurExternalAccount, eventTypesOf, fiatAccount, fund, newCustomer, newPlatform, quoteOf, SLOW_CALL_MS, startHarness, type Harness } from './harness.js'
import { open } from '../src/db/client.js'

/**
 * The payments process is killed (SIGKILL, no graceful stop) while a 005 transfer waits to fail
 * and a 003 payout waits to settle; a new process finishes both, exactly once.
 */
let h: Harness
let env: Record<string, string>
let address: string
const processes: ServiceProcess[] = []

beforeAll(async () => {
  h = await startHarness()
  const { natsUrl } = await testConnections()
  address = `127.0.0.1:${await freePort()}`
  env = {
    DATABASE_URL: h.databaseUrl,
    GRPC_ADDRESS: address,
    OPERATOR_GRPC_ADDRESS: `127.0.0.1:${await freePort()}`,
    NATS_URL: natsUrl,
    LEDGER_GRPC_ADDRESS: h.backendAddresses.ledger,
    CUSTOMERS_GRPC_ADDRESS: h.backendAddresses.customers,
    PLATFORM_GRPC_ADDRESS: h.backendAddresses.platform,
    WALLET_AUTH_GRPC_ADDRESS: h.backendAddresses.walletAuth,
    // long enough to outlast the calls and the kill on a busy machine; the restart takes about as long
    SANDBOX_PENDING_FAILURE_DELAY: '10000',
    SANDBOX_SLOW_SETTLEMENT_DELAY: '10000',
    EVENTS_CONSUMER_PREFIX: `payments-restart-${randomBytes(4).toString('hex')}`,
    EVENTS_CONSUMER_START_TIME: new Date().toISOString(),
  }
}, 180_000)

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()))
  await h?.stop()
})

async function startPayments(): Promise<ServiceProcess> {
  const child = startProcess('payments', 'services/payments/src/main.ts', env)
  processes.push(child)
  await waitUntil(() => checkHealth(address), 'the payments process to serve', 60_000).catch((err: Error) => {
    throw new Error(`${err.message}\n${child.output()}`)
  })
  return child
}

it('finishes delayed outcomes after a crash, once each, with the ledger balanced', async () => {
  const ctx: Caller = await newPlatform(h)
  const customer = await newCustomer(h, ctx)
  const usd = fiatAccount(customer, 'USD').id
  const eur = fiatAccount(customer, 'EUR').id
  await fund(h, ctx, usd, 100_000n)
  await fund(h, ctx, eur, 100_000n)
  const failing = await eurExternalAccount(h, ctx, customer.id, '005')
  const slow = await eurExternalAccount(h, ctx, customer.id, '003')

  const first = await startPayments()
  const client = createGrpcClient(PaymentsServiceClient, address)
  const pay = (source: string, destination: string): Promise<string> => {
    const request: CreateQuoteRequest = {
      source: { sourceType: 'ACCOUNT', accountId: source },
      destination: { destinationType: 'ACCOUNT', accountId: destination },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 5_000n,
      immediatelyExecute: true,
    }
    return callUnary(client, client.createQuote, request, ctx, SLOW_CALL_MS).then((answer) => quoteOf(answer).transactionId)
  }
  const sameCurrency = await pay(eur, failing)
  const crossCurrency = await pay(usd, slow)
  const statusOf = async (id: string) => (await open(h.db).transaction.findUniqueOrThrow({ where: { id } })).status
  await first.stop('SIGKILL')
  expect([await statusOf(sameCurrency), await statusOf(crossCurrency)]).toEqual(['PROCESSING', 'PROCESSING'])
  expect(await open(h.db).paymentJob.count({ where: { doneAt: null } })).toBe(2)
  await startPayments()
  await waitUntil(
    async () => (await statusOf(sameCurrency)) === 'FAILED' && (await statusOf(crossCurrency)) === 'COMPLETED',
    'both delayed outcomes after the restart',
    60_000,
    50,
  )
  client.close()

  const [usdBalance, eurBalance] = await balances(h, ctx, [{ accountId: usd }, { accountId: eur }])
  expect(eurBalance!.available).toBe(100_000n)
  expect(usdBalance!.available).toBe(95_000n)
  expect(await eventTypesOf(h, sameCurrency)).toEqual(['OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.FAILED'])
  expect(await eventTypesOf(h, crossCurrency)).toEqual(['OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.COMPLETED'])
  expect(await open(h.db).paymentJob.count({ where: { doneAt: null } })).toBe(0)
}, 180_000)
