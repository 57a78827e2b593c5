/**
 * `pnpm start`: the whole mesh on this machine, one process per service and one for the gateway.
 * Postgres comes from DATABASE_URL or an embedded server, NATS from NATS_URL, the local default or
 * a nats-server on PATH. Each service applies its own migrations when it starts.
 */
import { withDatabase } from '@pp/db'
import { checkHealth, createGrpcClient } from '@pp/grpc'
import { PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import { startNats } from './mesh/nats.js'
import { startPostgres } from './mesh/postgres.js'
import { ensurePlatform, SEED_PLATFORM_NAME } from './mesh/seed.js'
import { API_VERSION, GATEWAY_PORT_DEFAULT, grpcAddressEnv, meshServices, serviceEntry } from './mesh/services.js'
import { Supervisor } from './mesh/supervisor.js'

const READY_TIMEOUT_MS = 60_000

async function main(): Promise<void> {
  const postgres = await startPostgres(process.env.DATABASE_URL)
  const nats = await startNats(process.env.NATS_URL)
  const gatewayPort = Number(process.env.PORT ?? GATEWAY_PORT_DEFAULT)
  const addresses = grpcAddressEnv(() => '127.0.0.1')
  const common = { NATS_URL: nats.url, ...addresses }

  const supervisor = new Supervisor((name, code) => {
    console.error(`${name} exited unexpectedly (code ${code}); stopping the mesh`)
    void shutdown(1)
  })
  let stopped = false
  async function shutdown(exitCode: number): Promise<void> {
    if (stopped) return
    stopped = true
    await supervisor.stopAll()
    await nats.stop()
    await postgres.stop()
    process.exit(exitCode)
  }
  process.on('SIGINT', () => void shutdown(0))
  process.on('SIGTERM', () => void shutdown(0))

  for (const service of meshServices) {
    const address = `127.0.0.1:${service.grpcPort}`
    supervisor.start(service.name, serviceEntry(service), {
      ...common,
      DATABASE_URL: withDatabase(postgres.url, service.name),
      GRPC_ADDRESS: address,
    })
    await waitFor(() => checkHealth(address), `${service.name} on ${address}`)
  }
  supervisor.start('gateway', 'gateway/src/main.ts', { ...common, PORT: String(gatewayPort) })
  await waitFor(() => gatewayAnswers(gatewayPort), `the gateway on port ${gatewayPort}`)

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

async function waitFor(probe: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (await probe()) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${what} did not become ready within ${READY_TIMEOUT_MS / 1000} seconds`)
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
