import { baseConfigSchema, durationMs, eventSigningConfig, grpcAddress, loadConfig, z } from '@pp/config'
import { DEFAULT_FAILURE_TTL_MS } from './auth/auth-cache.js'

export const gatewayConfigSchema = baseConfigSchema.extend({
  /** EVENT_SIGNING_KEY_FILE: the gateway's own key, which signs the tenant token of every request it authenticated. */
  ...eventSigningConfig.shape,
  /** Where links the gateway hands out (hosted verification pages) point to. */
  PUBLIC_BASE_URL: z.url().default('http://localhost:3000'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PLATFORM_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50051'),
  CUSTOMERS_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50052'),
  LEDGER_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50053'),
  PAYMENTS_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50054'),
  WEBHOOKS_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50055'),
  WALLET_AUTH_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50056'),
  CARDS_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50057'),
  STABLECOINS_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50058'),
  AGENTS_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50059'),
  NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
  AUTH_CACHE_TTL_MS: durationMs.default(30_000),
  AUTH_CACHE_MAX_ENTRIES: z.coerce.number().int().positive().default(10_000),
  /** How long a rejected credential is refused from memory, so a repeated wrong secret costs no scrypt. */
  AUTH_FAILURE_CACHE_TTL_MS: durationMs.default(DEFAULT_FAILURE_TTL_MS),
  /**
   * Requests one API token (or agent) may make per second across all replicas, and at once after a
   * quiet spell; generous, so that only a runaway client meets them.
   */
  RATE_LIMIT_PER_SECOND: z.coerce.number().positive().default(1_000),
  RATE_LIMIT_BURST: z.coerce.number().int().positive().default(2_000),
  /** How often each replica tells the others what it let through: the main term of the limit's overshoot. */
  RATE_LIMIT_SYNC_INTERVAL_MS: durationMs.min(10).default(200),
})

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>

/** The gateway's settings; the only reader of process.env. */
export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env): GatewayConfig => loadConfig(gatewayConfigSchema, env)
