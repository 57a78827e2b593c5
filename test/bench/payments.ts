/**
 * `pnpm bench:payments [seconds] [clients]`: executed transfers per second and latency of
 * internal-to-external same-currency quotes with `immediatelyExecute`, through the gateway of a real
 * mesh, next to pgbench's tpcb-like TPS measured in the same run on the same Postgres, so the figure
 * reads against what the database alone does on this machine.
 *
 * Each client owns a funded customer account, so the figure measures the payment path rather than
 * contention on one balance row (the ledger's concurrency tests cover that).
 */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createTestDatabase, testConnections, waitUntil } from '@pp/testing'
import { apiClient, startMesh, type Mesh } from '../e2e/mesh.js'
import { startWebhookReceiver } from '../e2e/webhook-receiver.js'

const seconds = Number(process.argv[2] ?? 20)
const clients = Number(process.argv[3] ?? 32)
const AMOUNT = 100
const FUNDING = 1_000_000_000

type Api = ReturnType<typeof apiClient>

async function fundedSender(api: Api, termsVersion: string, index: number): Promise<{ source: string; destination: string }> {
  const customer = await api('POST', '/customers', {
    customerType: 'INDIVIDUAL',
    platformCustomerId: `bench-${index}-${randomBytes(4).toString('hex')}`,
    fullName: `Bench Sender ${index}`,
    agreementConsents: [
      { type: 'SERVICE_END_USER_TERMS', acceptedAt: new Date().toISOString(), ipAddress: '203.0.113.7', termsVersion, acceptanceMethod: 'CHECKBOX' },
    ],
  })
  if (customer.status !== 201) throw new Error(`customer: ${customer.status} ${JSON.stringify(customer.body)}`)
  const customerId = customer.body.id as string
  let usd: { id: string } | undefined
  await waitUntil(async () => {
    const accounts = await api('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`)
    usd = (accounts.body.data as { id: string; status: string; balance: { currency: { code: string } } }[]).find(
      (a) => a.status === 'ACTIVE' && a.balance.currency.code === 'USD',
    )
    return usd !== undefined
  }, 'the USD account to open', 30_000)
  if (!usd) throw new Error('no USD account')
  const funded = await api('POST', `/sandbox/internal-accounts/${usd.id}/fund`, { amount: FUNDING })
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
  return { source: usd.id, destination: external.body.id as string }
}

const quoteBody = (pair: { source: string; destination: string }) => ({
  source: { sourceType: 'ACCOUNT', accountId: pair.source },
  destination: { destinationType: 'ACCOUNT', accountId: pair.destination },
  lockedCurrencySide: 'SENDING',
  lockedCurrencyAmount: AMOUNT,
  immediatelyExecute: true,
  description: 'bench',
})

async function measurePayments(mesh: Mesh, webhooks: Awaited<ReturnType<typeof startWebhookReceiver>>) {
  const platform = await mesh.createPlatform(`bench-${randomBytes(4).toString('hex')}`, { skipVerificationPaperwork: true })
  const api = apiClient(mesh, platform)
  // a platform as it runs in production: its webhooks (every payment's events) are delivered
  const configured = await api('PATCH', '/config', { webhookEndpoint: webhooks.url })
  if (configured.status !== 200) throw new Error(`config: ${configured.status} ${JSON.stringify(configured.body)}`)
  const termsVersion = (await api('GET', '/customers/end-user-terms')).body.version as string
  const pairs = await Promise.all(Array.from({ length: clients }, (_, i) => fundedSender(api, termsVersion, i)))
  // new US accounts are validated by a micro-entry first: wait until the first one can be paid
  await waitUntil(async () => (await api('POST', '/quotes', quoteBody(pairs[0]!))).status === 201, 'the bank accounts to validate', 30_000)

  const latencies: number[] = []
  let executed = 0
  let failed = 0
  const deadline = performance.now() + seconds * 1000
  await Promise.all(
    pairs.map(async (pair) => {
      while (performance.now() < deadline) {
        const started = performance.now()
        const response = await api('POST', '/quotes', quoteBody(pair))
        latencies.push(performance.now() - started)
        if (response.status === 201) executed += 1
        else failed += 1
      }
    }),
  )
  return { executed, failed, latencies, webhooksDelivered: webhooks.received.length }
}

function measurePgbench(databaseUrl: string): number {
  const url = new URL(databaseUrl)
  const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username) || 'postgres']
  const database = url.pathname.slice(1)
  execFileSync('pgbench', [...args, '-i', '-s', '10', '-q', database], { stdio: 'ignore' })
  const output = execFileSync('pgbench', [...args, '-b', 'tpcb-like', '-c', String(clients), '-j', '2', '-T', String(seconds), database], {
    encoding: 'utf8',
  })
  const tps = /tps = ([\d.]+)/.exec(output)?.[1]
  if (!tps) throw new Error(`pgbench printed no tps:\n${output}`)
  return Number(tps)
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

await testConnections()
const mesh = await startMesh()
const webhooks = await startWebhookReceiver()
let payments: Awaited<ReturnType<typeof measurePayments>>
try {
  payments = await measurePayments(mesh, webhooks)
} catch (err) {
  for (const p of mesh.processes) console.error(p.output().split('\n').filter((l) => /"level":(50|60)|Error/.test(l)).slice(0, 5).join('\n'))
  throw err
} finally {
  await webhooks.close()
  await mesh.stop()
}
const pgbenchDatabase = await createTestDatabase('bench_pgbench')
let tps: number
try {
  tps = measurePgbench(pgbenchDatabase.url)
} finally {
  await pgbenchDatabase.drop()
}

const sorted = payments.latencies.sort((a, b) => a - b)
console.log(`payments: ${clients} clients for ${seconds} s, internal → external USD quotes with immediatelyExecute`)
console.log(`  executed transfers:  ${payments.executed} (${payments.failed} not 201)`)
console.log(`  transfers per second: ${(payments.executed / seconds).toFixed(1)}`)
console.log(`  webhooks delivered during the run: ${payments.webhooksDelivered}`)
console.log(`  latency p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`)
console.log(`pgbench tpcb-like on the same Postgres, ${clients} clients, ${seconds} s: ${tps.toFixed(1)} TPS`)
