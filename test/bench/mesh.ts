import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { jetstreamManager } from '@nats-io/jetstream'
import { connectNats, EVENTS_STREAM, readSigningKey, type SigningKey } from '@pp/events'
import { configureGrpcTransport } from '@pp/grpc'
import { distinctPorts, repoRoot, waitUntil } from '@pp/testing'
import { ensureEventKeys, signingKeyFile } from '../../scripts/mesh/event-keys.js'
import { identityFilesIn } from '../../scripts/mesh/identities.js'
import { EMBEDDED_POSTGRES_URL } from '../../scripts/mesh/postgres.js'
import { API_VERSION, grpcAddressVariable, meshServices, operatorAddressVariable, type MeshService } from '../../scripts/mesh/services.js'
import { basicAuth } from './api.js'

const NATS_URL = process.env.NATS_URL || 'nats://127.0.0.1:4222'
/** The source of the events the bench publishes itself, apart from every service's. */
export const BENCH_SOURCE = 'bench'
const START_TIMEOUT_MS = 120_000
const OUTPUT_LINES_KEPT = 200

export interface LocalMesh {
  baseUrl: string
  /** The server every service's database is on. */
  postgresUrl: string
  /** The platform's operator port, where the bench seeds platforms (as admin). */
  platformOperatorAddress: string
  natsUrl: string
  /** What the bench signs the events it publishes as its own producer (`bench`) with: the mesh believes it. */
  benchSigningKey: SigningKey
  /** Each service's gRPC address, by its name. */
  grpcAddresses: Record<string, string>
  /** The start script's last lines (its processes' among them, marked `[name]`). */
  output(): string[]
  /** The start script's process: the mesh's processes are its descendants. */
  pid: number
  /** From spawning the start script to the gateway's first answer to an authenticated request. */
  startMs: number
  stop(): Promise<void>
}

export interface LocalMeshOptions {
  /** The checkout whose start script runs: this one, or a copy (the scaffold's test). */
  root?: string
  /** The services that checkout's mesh runs, each on a free port. */
  services?: MeshService[]
  /** The Postgres server of every service's database: DATABASE_URL, else the embedded one. */
  postgresUrl?: string
}

/**
 * The mesh as `pnpm start` runs it (the start script itself, timed), on free ports, with durable
 * consumers of its own that start now and identities in a folder of its own, so it neither
 * collides with a mesh already running here nor replays the shared stream's history.
 */
export async function startLocalMesh({ root = repoRoot, services = meshServices, postgresUrl = process.env.DATABASE_URL }: LocalMeshOptions = {}): Promise<LocalMesh> {
  const consumerPrefix = `bench-${randomBytes(4).toString('hex')}`
  // the mesh's event keys, with one for the bench's own events among them
  const eventKeysDir = mkdtempSync(join(tmpdir(), 'bench-event-keys-'))
  const identitiesDir = mkdtempSync(join(tmpdir(), 'bench-identities-'))
  ensureEventKeys(eventKeysDir, [...services.map((s) => s.name), BENCH_SOURCE])
  const port = distinctPorts()
  const ports = await Promise.all([...services, 'gateway'].map(() => port()))
  const gatewayPort = ports.pop()!
  const addresses = Object.fromEntries(services.map((s, i) => [grpcAddressVariable(s), `127.0.0.1:${ports[i]}`]))
  const withOperatorPort = services.filter((s) => s.operatorPort)
  const operatorPorts = await Promise.all(withOperatorPort.map(() => port()))
  const operatorAddresses = Object.fromEntries(withOperatorPort.map((s, i) => [operatorAddressVariable(s), `127.0.0.1:${operatorPorts[i]}`]))
  const startedAt = performance.now()
  const child = spawn(process.execPath, ['--conditions=development', '--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...(postgresUrl && { DATABASE_URL: postgresUrl }),
      MESH_IDENTITIES_DIR: identitiesDir,
      ...addresses,
      ...operatorAddresses,
      PORT: String(gatewayPort),
      NATS_URL,
      EVENT_KEYS_DIR: eventKeysDir,
      EVENTS_CONSUMER_PREFIX: consumerPrefix,
      WEBHOOK_CONSUMER_NAME: `${consumerPrefix}-webhooks`,
      EVENTS_CONSUMER_START_TIME: new Date().toISOString(),
      // the bench measures how fast one token's requests are served, not the per-token limit
      RATE_LIMIT_PER_SECOND: '1000000',
      RATE_LIMIT_BURST: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output = collectOutput(child)
  const baseUrl = `http://127.0.0.1:${gatewayPort}/${API_VERSION}`
  const stop = async () => {
    await stopChild(child)
    await deleteConsumers(consumerPrefix)
    for (const dir of [eventKeysDir, identitiesDir]) rmSync(dir, { recursive: true, force: true })
  }
  const answered = waitUntil(async () => {
    const credentials = output.credentials()
    if (!credentials) return false
    const response = await fetch(`${baseUrl}/customers`, { headers: { authorization: basicAuth(credentials) } })
    return response.status === 200
  }, 'the mesh to answer an authenticated request', START_TIMEOUT_MS, 20)
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the start script exited (code ${String(code)})`)
  })
  try {
    await Promise.race([answered, exited]).catch((err: Error) => {
      throw new Error(`${err.message}\n${output.lines.slice(-30).join('\n')}`)
    })
  } catch (err) {
    await stop()
    throw err
  }
  // the start script made the mesh's identities before its processes answered: speak to it as admin
  configureGrpcTransport(identityFilesIn(identitiesDir, 'admin'))
  return {
    baseUrl,
    postgresUrl: postgresUrl || EMBEDDED_POSTGRES_URL,
    platformOperatorAddress: operatorAddresses[operatorAddressVariable(services.find((s) => s.name === 'platform')!)]!,
    natsUrl: NATS_URL,
    benchSigningKey: readSigningKey(signingKeyFile({ dir: eventKeysDir }, BENCH_SOURCE)),
    grpcAddresses: Object.fromEntries(services.map((s) => [s.name, addresses[grpcAddressVariable(s)]!])),
    output: () => [...output.lines],
    pid: child.pid!,
    startMs: performance.now() - startedAt,
    stop,
  }
}

/** Keeps the start script's output, for its printed credentials and for saying why it failed. */
function collectOutput(child: ChildProcess) {
  const lines: string[] = []
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(line)
      if (lines.length > OUTPUT_LINES_KEPT) lines.shift()
    })
  }
  const printed = (label: string) => lines.map((line) => new RegExp(`^\\s*${label}:\\s*(\\S+)`).exec(line)?.[1]).find(Boolean)
  return {
    lines,
    credentials() {
      const clientId = printed('Client id')
      const clientSecret = printed('Client secret')
      return clientId && clientSecret ? { clientId, clientSecret } : undefined
    },
  }
}

/** SIGTERM, as Ctrl-C: the start script stops its processes and the embedded Postgres it started. */
const stopChild = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })

/** The mesh's durable consumers outlive it on the shared NATS server: remove them. */
async function deleteConsumers(prefix: string): Promise<void> {
  const nats = await connectNats(NATS_URL, 'bench-cleanup')
  try {
    const jsm = await jetstreamManager(nats)
    const names: string[] = []
    for await (const consumer of jsm.consumers.list(EVENTS_STREAM)) if (consumer.name.startsWith(prefix)) names.push(consumer.name)
    for (const name of names) await jsm.consumers.delete(EVENTS_STREAM, name)
  } finally {
    await nats.close()
  }
}
