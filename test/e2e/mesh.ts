import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { NatsConnection } from '@nats-io/transport-node'
import { connectNats, createEventVerifier, natsClientOptionsOf, readVerifyKeys, type EventVerifier } from '@pp/events'
import { checkHealth, configureGrpcTransport, createGrpcClient } from '@pp/grpc'
import type { Logger } from 'pino'
import { PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import { createTestDatabase, distinctPorts, runtimeRoleUrl, startProcess, testConnections, waitUntil, type ServiceProcess, type TestDatabase } from '@pp/testing'
import { ensureEventKeys, eventKeyEnv, type EventKeyFiles } from '../../scripts/mesh/event-keys.js'
import { ADMIN_USER, GATEWAY_USER, natsUserEnv, type NatsUsers } from '../../scripts/mesh/nats-users.js'
import { makeMeshIdentities, type IdentityFiles } from '../../scripts/mesh/identities.js'
import { ensurePlatform, type Credentials, type PlatformCredentials } from '../../scripts/mesh/seed.js'
import { API_VERSION, grpcAddressVariable, meshIdentities, meshServices, serviceEntry, type MeshService } from '../../scripts/mesh/services.js'
import { startFrontProxy } from './front-proxy.js'

export type { Credentials }

/** The error-level lines of a process's pino log, and anything it printed that is not a log line (a crash). */
export const errorLines = (log: string): string =>
  log
    .split('\n')
    .filter((line) => line !== '' && (/"level":(50|60)/.test(line) || !line.startsWith('{')))
    .join('\n')

const ERROR_LINES_SHOWN_MAX = 40
/** The meshes a test file uses now (its own, or the shared one). */
export const liveMeshes = new Set<Mesh>()
// A failed test in any file with a mesh prints what the mesh's processes logged as errors: the only
// place a 500's or a timeout's cause shows, and gone once the mesh stops. Only in a test file's
// worker: the bench and the shared mesh's global setup (outside any test file) import this file too.
if (process.env.VITEST_WORKER_ID) {
  const { afterEach } = await import('vitest')
  afterEach(({ task }) => {
    if (task.result?.state !== 'fail') return
    for (const mesh of liveMeshes) {
      for (const child of mesh.processes) {
        const lines = errorLines(child.output()).split('\n').filter(Boolean).slice(-ERROR_LINES_SHOWN_MAX)
        if (lines.length > 0) console.log(`--- ${child.name} (its last error lines)\n${lines.join('\n')}`)
      }
    }
  })
}

/** A process of a mesh, as a test sees it: what it printed. */
export interface MeshProcess {
  name: string
  output(): string
}

export interface Mesh {
  baseUrl: string
  /** Each gateway replica's own base URL, past the front proxy (one: `baseUrl`'s). */
  gatewayBaseUrls: string[]
  natsUrl: string
  /** The mesh's own event keys: a test verifies events as a consumer does, or signs as a service. */
  eventKeys: EventKeyFiles
  /** The users of its NATS server, when it has users (`MeshOptions.natsUsers`). */
  natsUsers?: NatsUsers
  processes: MeshProcess[]
  /** A new platform with a fresh sandbox token. */
  createPlatform(name: string, options?: { regulated?: boolean; skipVerificationPaperwork?: boolean }): Promise<PlatformCredentials>
  /** A service's database, for tests that check its invariants directly (the ledger's balance). */
  databaseUrl(service: string): string
  /** Where a service serves gRPC (and its health). */
  grpcAddress(service: string): string
  /** Where a service serves its operators' methods, to the admin identity alone (services that have any). */
  operatorAddress(service: string): string
  /**
   * The files of an identity of the mesh (a service's name, `gateway` or `admin`). The test
   * process itself speaks as `admin`; a test that attacks from inside speaks as another.
   */
  identity(name: string): IdentityFiles
  /** Stops a service's process with `signal` (SIGKILL for a crash) and starts it again on the same database and address. */
  restart(service: string, signal?: NodeJS.Signals): Promise<void>
  /**
   * One step of a rolling update of `service` (or 'gateway') with replicas: replica `index` is
   * taken out (a gateway from the front proxy first, as its endpoint is), stopped with SIGTERM and
   * started again on its address, and resolves once it is ready.
   */
  replaceReplica(service: string, index: number): Promise<void>
  stop(): Promise<void>
}

export interface MeshOptions {
  /** Settings every process gets on top of the mesh's own (e.g. the wallet-auth service's OIDC issuers). */
  env?: Record<string, string>
  /** A NATS server of its own (one the test stops, or the shared mesh's), instead of the shared test server. */
  natsUrl?: string
  /** The users of that server (scripts/mesh/nats-users.ts): each process connects as its own, over TLS when the server requires it. */
  natsUsers?: NatsUsers
  /**
   * The mesh's identities, made beforehand (makeMeshIdentities) by a caller that needs its CA
   * first (the shared mesh's NATS server serves a certificate of it) and removes them after.
   */
  identities?: Record<string, IdentityFiles>
  /** A Postgres server of the test's own (one it restarts), for the mesh's databases. */
  databaseServerUrl?: string
  /** Processes per service (1): clients balance over them, as over a headless Service's pods. */
  replicas?: number
  /** Processes of the services named here, in place of `replicas` (e.g. `{ webhooks: 2 }`). */
  replicasOf?: Record<string, number>
  /** Gateway processes (1), behind a front proxy that stands for the Service in front of them. */
  gateways?: number
  /** How long each process may take to answer its first health check (60 s): more on a loaded machine. */
  startTimeoutMs?: number
  /** A folder where each process's output also goes (`<name>.log`), for test files in other processes. */
  logDir?: string
}

/** Where a process of a mesh started with `logDir` writes its output. */
const logFileIn = (logDir: string, name: string): string => join(logDir, `${name}.log`)

/** Where a running mesh is, for a test file in another process (`sharedMesh`). */
export interface MeshDescription {
  baseUrl: string
  gatewayBaseUrls: string[]
  natsUrl: string
  eventKeys: EventKeyFiles
  natsUsers?: NatsUsers
  databaseUrls: Record<string, string>
  grpcAddresses: Record<string, string>
  operatorAddresses: Record<string, string>
  identities: Record<string, IdentityFiles>
  processes: Array<{ name: string; logFile: string }>
}

declare module 'vitest' {
  export interface ProvidedContext {
    sharedMesh?: MeshDescription
  }
}

/**
 * The real mesh for an end-to-end test file: every service and the gateway as their own processes
 * (as `pnpm start` runs them) on fresh databases and free ports, each with an identity of its own
 * from a CA made for this mesh (mutual TLS, calls authorized by caller), sharing the test NATS
 * server unless given servers of the test's own. The test process speaks as `admin`.
 */
export async function startMesh(options: MeshOptions = {}): Promise<Mesh> {
  const natsUrl = options.natsUrl ?? (await testConnections()).natsUrl
  const { replicas = 1, gateways = 1, startTimeoutMs = 60_000 } = options
  const replicasOf = (service: MeshService): number => options.replicasOf?.[service.name] ?? replicas
  const identityDir = options.identities ? undefined : mkdtempSync(join(tmpdir(), 'mesh-identities-'))
  const identities = options.identities ?? (await makeMeshIdentities(identityDir!))
  // identities the caller made are the caller's to remove
  const dropIdentities = (): void => {
    if (identityDir) rmSync(identityDir, { recursive: true, force: true })
  }
  configureGrpcTransport(identities.admin!)
  const portsOf = new Map<string, number[]>()
  const operatorPortsOf = new Map<string, number[]>()
  const ports = distinctPorts()
  const freePorts = (service: MeshService) => Promise.all(Array.from({ length: replicasOf(service) }, ports))
  for (const service of meshServices) {
    portsOf.set(service.name, await freePorts(service))
    if (service.operatorPort) operatorPortsOf.set(service.name, await freePorts(service))
  }
  // one replica: its address; several: every one, as DNS answers for a headless Service
  const targetOf = (ports: number[]) => (ports.length === 1 ? `127.0.0.1:${ports[0]}` : `ipv4:${ports.map((p) => `127.0.0.1:${p}`).join(',')}`)
  const addresses = Object.fromEntries(meshServices.map((s) => [grpcAddressVariable(s), targetOf(portsOf.get(s.name)!)]))
  const operatorAddresses = Object.fromEntries([...operatorPortsOf].map(([name, ports]) => [name, targetOf(ports)]))
  const databases: TestDatabase[] = []
  const processes: ServiceProcess[] = []
  // Meshes share the test NATS server: each gets durable consumers of its own, starting now rather
  // than replaying the stream's history, and sandbox delays of milliseconds.
  const meshId = randomBytes(4).toString('hex')
  const eventKeys = ensureEventKeys(mkdtempSync(join(tmpdir(), 'mesh-event-keys-')), meshServices.map((s) => s.name))
  const dropEventKeys = (): void => rmSync(eventKeys.dir, { recursive: true, force: true })
  // what a process is: its signing key and its NATS user, when the server has users
  const identityEnv = (signer: string, natsUser: string): Record<string, string> => ({
    ...eventKeyEnv(eventKeys, signer),
    ...(options.natsUsers && natsUserEnv(options.natsUsers, natsUser)),
  })
  const common = {
    NATS_URL: natsUrl,
    ...addresses,
    EVENTS_CONSUMER_PREFIX: `ledger-${meshId}`,
    WEBHOOK_CONSUMER_NAME: `webhooks-${meshId}`,
    EVENTS_CONSUMER_START_TIME: new Date().toISOString(),
    // the tests' webhook receivers are on this machine, as a developer's are
    WEBHOOK_LOOPBACK_ALLOWED: 'true',
    ACH_VALIDATION_WINDOW_MS: '200',
    // payments: the sandbox's 30-second and 6-minute outcomes in a fraction of a second
    SANDBOX_PENDING_FAILURE_DELAY: '300',
    SANDBOX_SLOW_SETTLEMENT_DELAY: '300',
    SANDBOX_RETURN_DELAY: '300',
    RECOVERY_AFTER_MS: '500',
    // cards: activation and the sandbox's delayed card pull (about 30 s) in a fraction of a second
    SANDBOX_CARD_ACTIVATION_DELAY_MS: '100',
    SANDBOX_CARD_PULL_DELAY_MS: '300',
    // stablecoins: sandbox enablement approvals and mint/burn outcomes at once
    SANDBOX_STABLECOIN_APPROVAL_DELAY_MS: '200',
    SANDBOX_STABLECOIN_OPERATION_DELAY_MS: '200',
    ...options.env,
  }

  const databaseOf = new Map<string, TestDatabase>()
  const logFileOf = (name: string): string | undefined => (options.logDir ? logFileIn(options.logDir, name) : undefined)
  const launch = async (service: MeshService, replica = 0): Promise<ServiceProcess> => {
    const address = `127.0.0.1:${portsOf.get(service.name)![replica]}`
    const name = replicasOf(service) === 1 ? service.name : `${service.name}#${replica}`
    // served as the runtime role, as deployed: the database's owner only migrates
    const database = databaseOf.get(service.name)!.url
    const operatorPort = operatorPortsOf.get(service.name)?.[replica]
    const env = {
      ...identityEnv(service.name, service.name),
      ...common,
      ...identities[service.name],
      DATABASE_URL: await runtimeRoleUrl(database),
      MIGRATION_DATABASE_URL: database,
      GRPC_ADDRESS: address,
      ...(operatorPort ? { OPERATOR_GRPC_ADDRESS: `127.0.0.1:${operatorPort}` } : {}),
    }
    const child = startProcess(name, serviceEntry(service), env, { logFile: logFileOf(name) })
    await waitUntil(() => checkHealth(address), `${service.name} to serve`, startTimeoutMs).catch(async (err: Error) => {
      await child.stop('SIGKILL')
      throw new Error(`${err.message}\n${child.output()}`)
    })
    return child
  }
  // a mesh that fails to start leaves no process running and no database behind
  const abandon = async (err: unknown): Promise<never> => {
    await Promise.all(processes.map((p) => p.stop('SIGKILL')))
    await Promise.all(databases.map((d) => d.drop()))
    dropEventKeys()
    dropIdentities()
    throw err
  }

  const started = await Promise.allSettled(
    meshServices.map(async (service) => {
      const database = await createTestDatabase(`e2e_${service.name}`, undefined, options.databaseServerUrl)
      databases.push(database)
      databaseOf.set(service.name, database)
      // the first replica migrates the database, the others find it migrated
      processes.push(await launch(service))
      for (let replica = 1; replica < replicasOf(service); replica += 1) processes.push(await launch(service, replica))
    }),
  )
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) await abandon(failed.reason)
  const gatewayPorts = await Promise.all(Array.from({ length: gateways }, ports))
  const frontProxy = gateways > 1 ? await startFrontProxy(gatewayPorts) : undefined
  const publicUrl = frontProxy?.url ?? `http://127.0.0.1:${gatewayPorts[0]}`
  const launchGateway = async (replica: number): Promise<ServiceProcess> => {
    const port = gatewayPorts[replica]!
    // PUBLIC_BASE_URL: where links the gateway hands out (hosted verification pages) point to
    const gatewayEnv = { ...identityEnv('gateway', GATEWAY_USER), ...common, ...identities.gateway, PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: publicUrl }
    const name = gateways === 1 ? 'gateway' : `gateway#${replica}`
    const gateway = startProcess(name, 'gateway/src/main.ts', gatewayEnv, { logFile: logFileOf(name) })
    await waitUntil(async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok, 'the gateway to answer', startTimeoutMs).catch((err: Error) =>
      abandon(new Error(`${err.message}\n${gateway.output()}`)),
    )
    return gateway
  }
  for (let replica = 0; replica < gateways; replica += 1) processes.push(await launchGateway(replica))

  const platform = createGrpcClient(PlatformServiceClient, operatorAddresses.platform!)
  const mesh: Mesh = {
    baseUrl: `${publicUrl}/${API_VERSION}`,
    gatewayBaseUrls: gatewayPorts.map((port) => `http://127.0.0.1:${port}/${API_VERSION}`),
    natsUrl,
    eventKeys,
    natsUsers: options.natsUsers,
    processes,
    createPlatform: platformCreator(platform),
    databaseUrl: (service) => databaseOf.get(service)!.url,
    grpcAddress: (service) => addresses[grpcAddressVariable(meshServices.find((s) => s.name === service)!)]!,
    operatorAddress: (service) => operatorAddresses[service]!,
    identity: (name) => identities[name]!,
    async restart(service, signal = 'SIGTERM') {
      const index = processes.findIndex((p) => p.name === service)
      const stopped = processes[index]!
      await stopped.stop(signal)
      processes[index] = afterEarlier(stopped, await launch(meshServices.find((s) => s.name === service)!))
    },
    async replaceReplica(service, index) {
      const name = `${service}#${index}`
      const position = processes.findIndex((p) => p.name === name)
      if (position < 0) throw new Error(`no replica ${name}`)
      if (service === 'gateway') {
        frontProxy?.remove(gatewayPorts[index]!)
        // the endpoint's removal reaches every proxy before the pod is told to stop (preStop)
        await new Promise((resolve) => setTimeout(resolve, 500))
      }
      const stopped = processes[position]!
      await stopped.stop('SIGTERM')
      if (service === 'gateway') {
        processes[position] = afterEarlier(stopped, await launchGateway(index))
        await waitUntil(async () => (await fetch(`http://127.0.0.1:${gatewayPorts[index]}/readyz`)).ok, `${name} ready`, 60_000)
        frontProxy?.add(gatewayPorts[index]!)
      } else {
        processes[position] = afterEarlier(stopped, await launch(meshServices.find((s) => s.name === service)!, index))
        await waitUntil(() => checkHealth(`127.0.0.1:${portsOf.get(service)![index]}`, 'readiness'), `${name} ready`, 60_000)
      }
    },
    async stop() {
      liveMeshes.delete(mesh)
      platform.close()
      await frontProxy?.close()
      await Promise.all(processes.map((p) => p.stop()))
      await Promise.all(databases.map((d) => d.drop()))
      dropEventKeys()
      dropIdentities()
    },
  }
  liveMeshes.add(mesh)
  return mesh
}

/** A process started in the place of `earlier`, with what `earlier` printed kept before its own output. */
const afterEarlier = (earlier: ServiceProcess, current: ServiceProcess): ServiceProcess => ({
  ...current,
  output: () => `${earlier.output()}${current.output()}`,
})

/** A test's own connection to the mesh's NATS: as its admin user (over TLS when required) when the server has users. */
export const connectMeshNats = (mesh: Mesh, name: string): Promise<NatsConnection> =>
  connectNats(mesh.natsUrl, name, mesh.natsUsers && natsClientOptionsOf({ NODE_ENV: 'test', ...natsUserEnv(mesh.natsUsers, ADMIN_USER) }))

/** What a test's own consumer of the mesh's events verifies them with, as the services do. */
export const meshEventVerifier = (mesh: Mesh, logger: Logger): EventVerifier =>
  createEventVerifier({ keys: readVerifyKeys(mesh.eventKeys.verifyKeysFile), logger })

export const platformCreator =
  (platform: PlatformServiceClient): Mesh['createPlatform'] =>
  (name, options = {}) =>
    ensurePlatform(platform, {
      name,
      isRegulatedFinancialInstitution: options.regulated ?? false,
      skipVerificationPaperwork: options.skipVerificationPaperwork ?? false,
    })

/** What a test file in another process needs to use `mesh`, whose processes log to `logDir`. */
export function describeMesh(mesh: Mesh, logDir: string): MeshDescription {
  return {
    baseUrl: mesh.baseUrl,
    gatewayBaseUrls: mesh.gatewayBaseUrls,
    natsUrl: mesh.natsUrl,
    eventKeys: mesh.eventKeys,
    natsUsers: mesh.natsUsers,
    databaseUrls: Object.fromEntries(meshServices.map((s) => [s.name, mesh.databaseUrl(s.name)])),
    grpcAddresses: Object.fromEntries(meshServices.map((s) => [s.name, mesh.grpcAddress(s.name)])),
    operatorAddresses: Object.fromEntries(meshServices.filter((s) => s.operatorPort).map((s) => [s.name, mesh.operatorAddress(s.name)])),
    identities: Object.fromEntries(meshIdentities.map((name) => [name, mesh.identity(name)])),
    processes: mesh.processes.map((p) => ({ name: p.name, logFile: logFileIn(logDir, p.name) })),
  }
}

/** A tiny client for the API with one platform's credentials. */
export function apiClient(mesh: Mesh, credentials?: { clientId: string; clientSecret: string }) {
  const authorization = credentials
    ? `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`
    : undefined
  return async function request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${mesh.baseUrl}${path}`, {
      method,
      headers: {
        ...(authorization ? { authorization } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    })
    const text = await response.text()
    return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as any) : undefined }
  }
}

/**
 * POSTs a body the gateway refuses before reading it: the gateway answers 413 and closes, and
 * fetch reports the closed socket instead of the answer, so this waits for the answer itself.
 */
export function postUnread(mesh: Mesh, credentials: Credentials, path: string, body: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${mesh.baseUrl}${path}`, {
      method: 'POST',
      auth: `${credentials.clientId}:${credentials.clientSecret}`,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    })
    request.on('response', (response) => {
      let text = ''
      response.on('data', (chunk) => (text += String(chunk)))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }))
    })
    request.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE' && err.code !== 'ECONNRESET') reject(err)
    })
    request.end(body)
  })
}
