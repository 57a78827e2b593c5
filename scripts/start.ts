/**
 * `pnpm start`: the whole mesh on this machine, one process per service and one for the gateway.
 * Postgres comes from DATABASE_URL or an embedded server, NATS from NATS_URL, the local default or
 * a nats-server on PATH. Each service applies its own migrations when it starts.
 */
import { withDatabase } from '@pp/db'
import { checkHealth, createGrpcClient } from '@pp/grpc'
import { PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import { waitUntil } from '@pp/testing'
import { startNats } from './mesh/nats.js'
import { startPostgres } from './mesh/postgres.js'
import { ensurePlatform, SEED_PLATFORM_NAME } from './mesh/seed.js'
import { API_VERSION, GATEWAY_PORT_DEFAULT, grpcAddressEnv, meshServices, serviceEntry } from './mesh/services.js'
import { Supervisor } from './mesh/supervisor.js'

const READY_TIMEOUT_MS = 60_000

const cleanups: (() => Promise<void>)[] = []
const supervisor = new Supervisor((name, code) => {
  console.error(`${name} exited unexpectedly (code ${code}); stopping the mesh`)
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

async function main(): Promise<void> {
  process.on('SIGINT', () => void shutdown(0))
  process.on('SIGTERM', () => void shutdown(0))
  const postgres = await startPostgres(process.env.DATABASE_URL)
  cleanups.push(() => postgres.stop())
  const nats = await startNats(process.env.NATS_URL)
  cleanups.push(() => nats.stop())
  const gatewayPort = Number(process.env.PORT ?? GATEWAY_PORT_DEFAULT)
  const addresses = grpcAddressEnv(() => '127.0.0.1')
  const common = { NATS_URL: nats.url, ...addresses }

  for (const service of meshServices) {
    const address = `127.0.0.1:${service.grpcPort}`
    supervisor.start(service.name, serviceEntry(service), {
      ...common,
      DATABASE_URL: withDatabase(postgres.url, service.name),
      GRPC_ADDRESS: address,
    })
    await waitUntil(() => checkHealth(address), `${service.name} on ${address}`, READY_TIMEOUT_MS)
  }
  supervisor.start('gateway', 'gateway/src/main.ts', {
    ...common,
    PORT: String(gatewayPort),
    PUBLIC_BASE_URL: `http://localhost:${gatewayPort}`,
  })
  await waitUntil(() => gatewayAnswers(gatewayPort), `the gateway on port ${gatewayPort}`, READY_TIMEOUT_MS)

  const platform = createGrpcClient(PlatformServiceClient, addresses.PLATFORM_GRPC_ADDRESS!)
  const credentials = await ensurePlatform(platform, {
    name: SEED_PLATFORM_NAME,
    isRegulatedFinancialInstitution: false,
    skipVerificationPaperwork: true,
  }).finally(() => platform.close())
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
      '',
    ].join('\n'),
  )
}

async function gatewayAnswers(port: number): Promise<boolean> {
  const response = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined)
  return response?.ok ?? false
}


main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  void shutdown(1)
})
