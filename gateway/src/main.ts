import { eventVerifierOf, linkNats, natsClientOptionsOf, signingKeyOf } from '@pp/events'
import { configureGrpcTransport, configureTenantTokenSigning } from '@pp/grpc'
import { createLogger, type Logger } from '@pp/logging'
import { serveMetrics } from '@pp/metrics'
import { startTracing } from '@pp/tracing'
import { buildApp } from './app.js'
import { agentAuthenticator } from './auth/agent-authenticator.js'
import { subscribeToAgentChanges } from './auth/agent-invalidation.js'
import { AuthCache } from './auth/auth-cache.js'
import { subscribeToTokenDeletions } from './auth/token-invalidation.js'
import { loadGatewayConfig, type GatewayConfig } from './config.js'
import { closeClients, createGrpcClients } from './grpc/clients.js'
import { platformAuthenticator } from './grpc/platform-authenticator.js'
import { createVerificationClients } from './grpc/verification-clients.js'
import { listenGateway } from './http-server.js'
import { shareRateLimits } from './rate-limit/rate-limit-sharing.js'
import { TokenBuckets } from './rate-limit/token-buckets.js'
import { BASE_PATH } from './openapi.js'
import { gatewayReadiness, serviceAddresses } from './readiness.js'
import { createWalletSignatureGuard } from './wallet-signature/create-guard.js'

async function main(config: GatewayConfig, logger: Logger): Promise<void> {
  // read first: a production gateway without the producers' keys or its own stops before serving
  const verifier = eventVerifierOf(config, logger)
  configureTenantTokenSigning(signingKeyOf(config, 'gateway'))
  const natsClient = natsClientOptionsOf(config)
  const tracing = await startTracing('gateway')
  configureGrpcTransport(config)
  const clients = createGrpcClients(config)
  const verification = createVerificationClients(config.CUSTOMERS_GRPC_ADDRESS)
  const authCache = new AuthCache(platformAuthenticator(clients.platform), {
    ttlMs: config.AUTH_CACHE_TTL_MS,
    maxEntries: config.AUTH_CACHE_MAX_ENTRIES,
    failureTtlMs: config.AUTH_FAILURE_CACHE_TTL_MS,
  })
  // agents' Bearer tokens are remembered as API tokens are, a pause or deletion evicting them at once
  const agentAuthCache = new AuthCache(agentAuthenticator(clients.agents), {
    ttlMs: config.AUTH_CACHE_TTL_MS,
    maxEntries: config.AUTH_CACHE_MAX_ENTRIES,
    failureTtlMs: config.AUTH_FAILURE_CACHE_TTL_MS,
  })
  // the gateway serves while NATS is down: a deletion missed meanwhile only lives until the cache TTL ends
  const nats = linkNats({ url: config.NATS_URL, name: 'gateway', client: natsClient, logger })
  const tokenInvalidation = nats.whenServing('token invalidation', async (connection) =>
    subscribeToTokenDeletions(connection, (tokenId) => authCache.evictToken(tokenId), verifier, logger),
  )
  const agentInvalidation = nats.whenServing('agent invalidation', async (connection) =>
    subscribeToAgentChanges(connection, (agentId) => agentAuthCache.evictTokenAndRefusals(agentId), verifier, logger),
  )
  // each replica limits alone while NATS is down; once it serves they share what they let through
  const rateLimits = new TokenBuckets({ perSecond: config.RATE_LIMIT_PER_SECOND, burst: config.RATE_LIMIT_BURST })
  const rateLimitSharing = nats.whenServing('rate limit sharing', async (connection) =>
    shareRateLimits(connection, rateLimits, { intervalMs: config.RATE_LIMIT_SYNC_INTERVAL_MS, logger }),
  )

  const walletSignatures = createWalletSignatureGuard(clients.walletAuth)
  const metrics = config.METRICS_ADDRESS ? await serveMetrics(config.METRICS_ADDRESS) : undefined
  const readiness = gatewayReadiness(serviceAddresses(config))
  const app = buildApp({ ...clients, verification, publicBaseUrl: config.PUBLIC_BASE_URL, authCache, agentAuthCache, walletSignatures, readiness, rateLimits, logger })
  const server = listenGateway(app, { port: config.PORT, hostname: config.HOST }, (info) => {
    logger.info({ port: info.port, basePath: BASE_PATH }, 'gateway listening')
  })

  let stopping = false
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'gateway stopping')
    readiness.drain()
    // stop taking requests and let those in flight finish before their backends go away
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await tokenInvalidation.stop()
    await agentInvalidation.stop()
    await rateLimitSharing.stop()
    await nats.close()
    closeClients(clients)
    closeClients(verification)
    readiness.close()
    await metrics?.close()
    await tracing.shutdown()
    logger.info('gateway stopped')
    process.exit(0)
  }
  const onSignal = (signal: NodeJS.Signals) => {
    stop(signal).catch((err: unknown) => {
      logger.error({ err }, 'gateway did not stop cleanly')
      process.exit(1)
    })
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
}

const config = loadGatewayConfig()
const logger = createLogger('gateway', config.LOG_LEVEL)
main(config, logger).catch((err: unknown) => {
  logger.fatal({ err }, 'gateway failed to start')
  process.exit(1)
})
