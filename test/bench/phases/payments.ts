import { waitUntil } from '@pp/testing'
import type { Api } from '../api.js'
import { createCustomer } from '../customers.js'
import type { LedgerMoney } from '../money.js'
import { cpuMeter } from '../mesh-processes.js'
import { refreshStatistics } from '../statistics.js'
import { percentile } from '../stats.js'

const AMOUNT = 100
const FUNDING = 1_000_000_000
const SETUP_CONCURRENCY = 4
const WARM_UP_SECONDS = 3

interface Sender {
  source: string
  destination: string
}

export interface PaymentFigures {
  clients: number
  executed: number
  failed: number
  perSecond: number
  p50: number
  p99: number
  /** When the run began (epoch ms), to tell its webhooks from the set-up's. */
  startedAt: number
  /** Cents created or lost: customer balances against what the executed quotes sent, plus the ledger's imbalance. */
  centsOff: bigint
  /** How many answers of each status and code were not 201. */
  failures: Map<string, number>
  /** Milliseconds of CPU per executed transfer, by process (the mesh's and Postgres's). */
  cpuMsPerTransfer: Map<string, number>
}

/**
 * Executed transfers: each client owns a funded customer account and pays internal → external
 * USD quotes with `immediatelyExecute`, one after another, for `seconds`. One account per client
 * measures the payment path rather than contention on one balance row (the ledger's concurrency
 * tests cover that). A short warm-up burst and an ANALYZE come first, so the figures are those of
 * a running installation rather than of its first minute on empty tables (see `refreshStatistics`).
 */
export async function measurePayments(
  api: Api,
  money: LedgerMoney,
  platformId: string,
  mesh: { pid: number; postgresUrl: string },
  clients: number,
  seconds: number,
): Promise<PaymentFigures> {
  const senders: Sender[] = []
  // a few at a time: set-up is not measured, and dozens at once time out on a busy machine
  for (let first = 0; first < clients; first += SETUP_CONCURRENCY) {
    const batch = Array.from({ length: Math.min(SETUP_CONCURRENCY, clients - first) }, (_, i) => fundedSender(api, first + i))
    senders.push(...(await Promise.all(batch)))
  }
  // new US accounts are validated by a micro-entry first: wait until every one can be paid (a quote
  // that is not executed moves nothing)
  for (const sender of senders) {
    const quote = { ...quoteBody(sender), immediatelyExecute: false }
    await waitUntil(async () => (await api('POST', '/quotes', quote)).status === 201, 'the bank accounts to validate', 30_000, 100)
  }
  // a warm-up burst gives the tables rows, then their statistics are brought up to date
  await payFor(api, senders, WARM_UP_SECONDS, () => undefined)
  await refreshStatistics(mesh.postgresUrl)
  const sources = senders.map((s) => s.source)
  const availableBefore = await money.available(sources)

  const latencies: number[] = []
  let executed = 0
  let failed = 0
  let sent = 0n
  const failures = new Map<string, number>()
  const cpu = await cpuMeter(mesh.pid, mesh.postgresUrl)
  const startedAt = Date.now()
  await payFor(api, senders, seconds, (latency, response) => {
    latencies.push(latency)
    if (response.status !== 201) {
      failed += 1
      const kind = `${response.status} ${String(response.body?.code ?? '')}`
      failures.set(kind, (failures.get(kind) ?? 0) + 1)
      return
    }
    executed += 1
    sent += BigInt(response.body.totalSendingAmount as number)
  })
  const cpuSpent = await cpu.stop()
  const spent = availableBefore - (await money.available(sources))
  return {
    clients,
    executed,
    failed,
    perSecond: executed / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    startedAt,
    centsOff: abs(spent - sent) + (await money.imbalance(platformId)),
    failures,
    cpuMsPerTransfer: new Map([...cpuSpent].map(([name, cpuSeconds]) => [name, (cpuSeconds * 1000) / Math.max(executed, 1)])),
  }
}

const abs = (n: bigint) => (n < 0n ? -n : n)

/** Every sender pays, one quote after another, for `seconds`; each answer goes to `record`. */
async function payFor(
  api: Api,
  senders: Sender[],
  seconds: number,
  record: (latencyMs: number, response: Awaited<ReturnType<Api>>) => void,
): Promise<void> {
  const deadline = performance.now() + seconds * 1000
  await Promise.all(
    senders.map(async (sender) => {
      while (performance.now() < deadline) {
        const requestedAt = performance.now()
        const response = await api('POST', '/quotes', quoteBody(sender))
        record(performance.now() - requestedAt, response)
      }
    }),
  )
}

async function fundedSender(api: Api, index: number): Promise<Sender> {
  const customerId = await createCustomer(api, `Bench Sender ${index}`)
  let usd: { id: string } | undefined
  await waitUntil(async () => {
    const accounts = await api('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`)
    usd = (accounts.body.data as { id: string; status: string; balance: { currency: { code: string } } }[]).find(
      (a) => a.status === 'ACTIVE' && a.balance.currency.code === 'USD',
    )
    return usd !== undefined
  }, 'the USD account to open', 30_000)
  const funded = await api('POST', `/sandbox/internal-accounts/${usd!.id}/fund`, { amount: FUNDING })
  if (funded.status !== 200) throw new Error(`fund: ${funded.status} ${JSON.stringify(funded.body)}`)
  const external = await api('POST', '/customers/external-accounts', {
    customerId,
    currency: 'USD',
    accountInfo: {
      accountType: 'US_ACCOUNT',
      // a suffix outside every sandbox scenario: the transfer succeeds at once
      accountNumber: `${String(100_000 + index)}000123`,
      routingNumber: '011000015',
      accountCategory: 'CHECKING',
      bankName: 'Bench Bank',
      beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: `Bench Sender ${index}` },
    },
  })
  if (external.status !== 201) throw new Error(`external account: ${external.status} ${JSON.stringify(external.body)}`)
  return { source: usd!.id, destination: external.body.id as string }
}

const quoteBody = (sender: Sender) => ({
  source: { sourceType: 'ACCOUNT', accountId: sender.source },
  destination: { destinationType: 'ACCOUNT', accountId: sender.destination },
  lockedCurrencySide: 'SENDING',
  lockedCurrencyAmount: AMOUNT,
  immediatelyExecute: true,
  description: 'bench',
})
