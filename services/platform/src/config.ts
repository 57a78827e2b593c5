import { baseConfigSchema, databaseConfig, eventConsumerConfig, eventSigningConfig, grpcAddress, loadConfig, migrationRoleRequiredInProduction, storageLimitsConfig, webhookLoopbackAllowed, z } from '@pp/config'

const schema = baseConfigSchema.extend({
  ...storageLimitsConfig.shape,
  ...databaseConfig.shape,
  ...eventSigningConfig.shape,
  GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50051'),
  /** Where the operators' methods are served, to the admin identity alone (the public address does not serve them). */
  OPERATOR_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:51051'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** Agents' operations ask these services about customers and accounts, and move money through payments' quotes. */
  CUSTOMERS_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50052'),
  LEDGER_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50053'),
  PAYMENTS_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50054'),
  /** How long an agent's device code can be redeemed. */
  AGENT_DEVICE_CODE_TTL_MS: z.coerce.number().int().positive().default(15 * 60_000),
  /** How old an agent's unanswered execution must be before the recovery loop executes it again. */
  AGENT_EXECUTION_RECOVERY_MS: z.coerce.number().int().positive().default(30_000),
  /** scrypt cost (log2 of N) for new API token secrets; verification reads the cost stored with each hash. */
  TOKEN_SECRET_SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(15),
  /** Secret verifications (scrypt) one API token may cause: sustained per second, in a burst, at once. */
  TOKEN_VERIFICATIONS_PER_SECOND: z.coerce.number().positive().default(0.2),
  TOKEN_VERIFICATION_BURST: z.coerce.number().int().positive().default(5),
  TOKEN_VERIFICATIONS_CONCURRENT: z.coerce.number().int().positive().default(4),
  WEBHOOK_LOOPBACK_ALLOWED: webhookLoopbackAllowed,
  /** It follows customers' deletions. */
  ...eventConsumerConfig('platform').shape,
})
  .refine(...migrationRoleRequiredInProduction)

export type PlatformServiceConfig = z.infer<typeof schema>

export const loadPlatformServiceConfig = (env: NodeJS.ProcessEnv = process.env): PlatformServiceConfig =>
  loadConfig(schema, env)
