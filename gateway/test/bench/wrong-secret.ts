import { readFileSync } from 'node:fs'
import { callUnary, checkHealth, createGrpcClient } from '@pp/grpc'
import { PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import { createTestDatabase, freePort, startProcess, testConnections, waitUntil } from '@pp/testing'
import { AuthCache } from '../../src/auth/auth-cache.js'
import { platformAuthenticator } from '../../src/grpc/platform-authenticator.js'
import { BENCH_CUSTOMER_PATH, serveBenchGateway } from './bench-app.js'

/**
 * What wrong secrets cost the platform service, and what they do to a valid client: the real
 * platform service (its own process, production scrypt cost) behind the gateway app with its real
 * credential cache, serving GET /customers/{id} from a customers service that answers at once.
 * Prints the platform process's CPU time per phase and the valid client's p99.
 *   pnpm exec tsx --conditions=development test/bench/wrong-secret.ts
 */
const WRONG_REQUESTS = 1_000
const WRONG_CONNECTIONS = 50
const VALID_CONNECTIONS = 8
const CLOCK_TICKS_PER_SECOND = 100

interface Credentials {
  clientId: string
  clientSecret: string
}

const { natsUrl } = await testConnections()
const db = await createTestDatabase('gateway_bench_wrong_secret')
const platformAddress = `127.0.0.1:${await freePort()}`
const operatorAddress = `127.0.0.1:${await freePort()}`
const platform = startProcess('platform', 'services/platform/src/main.ts', { DATABASE_URL: db.url, GRPC_ADDRESS: platformAddress, OPERATOR_GRPC_ADDRESS: operatorAddress, NATS_URL: natsUrl })
// seeding is an operator's method, served on the operator port
const platformClient = createGrpcClient(PlatformServiceClient, operatorAddress)
await waitUntil(() => checkHealth(platformAddress), `platform service\n${platform.output()}`)
const server = serveBenchGateway({
  port: 0,
  platform: platformClient,
  authCache: new AuthCache(platformAuthenticator(platformClient), { ttlMs: 30_000, maxEntries: 10_000 }),
})

try {
  const { sandboxToken, productionToken } = await callUnary(
    platformClient,
    platformClient.ensurePlatform,
    { name: 'Bench Co', isRegulatedFinancialInstitution: false, skipVerificationPaperwork: true },
    { requestId: 'seed' },
    // two production-cost hashes on a busy machine
    60_000,
  )
  const valid = { clientId: sandboxToken!.id, clientSecret: sandboxToken!.clientSecret! }

  const perCheck = await platformCpuMs(() => sequential(3, (n) => get({ clientId: productionToken!.id, clientSecret: `probe-${n}` })))
  console.log(`one scrypt verification: ${(perCheck.cpuMs / 3).toFixed(0)} ms of platform CPU`)

  await get(valid)
  const alone = await platformCpuMs(() => validClientDuring(valid, Promise.resolve([])))
  report('valid client alone', alone)
  // the same traffic with a right secret: what the extra requests alone do to the valid client
  const neighbour = { clientId: productionToken!.id, clientSecret: productionToken!.clientSecret! }
  for (const [name, credentialsOf] of [
    ['another valid client', () => neighbour],
    ['one wrong secret', () => ({ clientId: valid.clientId, clientSecret: 'wrong' })],
    ['distinct wrong secrets', (n: number) => ({ clientId: valid.clientId, clientSecret: `wrong-${n}` })],
  ] as const) {
    const attack = concurrent(WRONG_REQUESTS, WRONG_CONNECTIONS, (n) => get(credentialsOf(n)))
    report(`${WRONG_REQUESTS} requests of ${name}`, await platformCpuMs(() => validClientDuring(valid, attack)))
  }
} finally {
  server.close()
  platformClient.close()
  await platform.stop()
  await db.drop()
}

function baseUrl(): string {
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('gateway is not listening on TCP')
  return `http://127.0.0.1:${address.port}`
}

/** One GET through the gateway: its status and latency. */
async function get({ clientId, clientSecret }: Credentials): Promise<{ status: number; ms: number }> {
  const started = performance.now()
  const res = await fetch(`${baseUrl()}${BENCH_CUSTOMER_PATH}`, {
    headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
  })
  await res.arrayBuffer()
  return { status: res.status, ms: performance.now() - started }
}

async function sequential<T>(count: number, run: (n: number) => Promise<T>): Promise<T[]> {
  const results: T[] = []
  for (let n = 0; n < count; n++) results.push(await run(n))
  return results
}

async function concurrent<T>(count: number, connections: number, run: (n: number) => Promise<T>): Promise<T[]> {
  const results: T[] = []
  let next = 0
  const worker = async () => {
    while (next < count) results.push(await run(next++))
  }
  await Promise.all(Array.from({ length: connections }, worker))
  return results
}

/** The valid client calls without pause until `attack` is over, and for at least 3 s. */
async function validClientDuring(valid: Credentials, attack: Promise<{ status: number }[]>) {
  let isOver = false
  const minimum = new Promise((resolve) => setTimeout(resolve, 3_000))
  const done = Promise.all([attack, minimum]).then(([answers]) => {
    isOver = true
    return answers
  })
  const latencies: { status: number; ms: number }[] = []
  const worker = async () => {
    while (!isOver) latencies.push(await get(valid))
  }
  await Promise.all(Array.from({ length: VALID_CONNECTIONS }, worker))
  return { valid: latencies, attack: await done }
}

async function platformCpuMs<T>(run: () => Promise<T>): Promise<T & { cpuMs: number }> {
  const before = cpuTicks()
  const result = await run()
  return Object.assign(result as object, { cpuMs: ((cpuTicks() - before) * 1000) / CLOCK_TICKS_PER_SECOND }) as T & { cpuMs: number }
}

/** utime + stime of the platform process, every thread included (proc(5)). */
function cpuTicks(): number {
  const fields = readFileSync(`/proc/${platform.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return Number(fields[11]) + Number(fields[12])
}

function report(phase: string, { valid, attack, cpuMs }: { valid: { status: number; ms: number }[]; attack: { status: number }[]; cpuMs: number }) {
  const sorted = valid.map((r) => r.ms).sort((a, b) => a - b)
  const p99 = sorted[Math.floor(sorted.length * 0.99)] ?? NaN
  const statuses = (answers: { status: number }[]) => {
    const counts: Record<number, number> = {}
    for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1
    return JSON.stringify(counts)
  }
  console.log(`${phase}: platform CPU ${cpuMs} ms; valid client ${valid.length} requests ${statuses(valid)}, p99 ${p99.toFixed(1)} ms; wrong-secret answers ${statuses(attack)}`)
}
