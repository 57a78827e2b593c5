import { baseConfigSchema, databaseConfig, durationMs, eventSigningConfig, grpcAddress, idempotencyKeyTtlMs, jobRetentionMs, loadConfig, migrationRoleRequiredInProduction, storageLimitsConfig, z } from '@pp/config'

const schema = baseConfigSchema.extend({
  ...storageLimitsConfig.shape,
  ...databaseConfig.shape,
  ...eventSigningConfig.shape,
  GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50058'),
  /** Where the operators' methods are served, to the admin identity alone (the public address does not serve them). */
  OPERATOR_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:51058'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  LEDGER_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50053'),
  /** How long a key's first answer is replayed; after it the same key is a new request. */
  IDEMPOTENCY_KEY_TTL_MS: idempotencyKeyTtlMs,
  JOB_RETENTION_MS: jobRetentionMs,
  /** Sandbox: how long the issuer takes to approve an enablement request, and then to enable. */
  SANDBOX_STABLECOIN_APPROVAL_DELAY_MS: durationMs.default(10_000),
  /** Sandbox: how long the issuer takes to complete (or fail) a mint or burn. */
  SANDBOX_STABLECOIN_OPERATION_DELAY_MS: durationMs.default(5_000),
})
  .refine(...migrationRoleRequiredInProduction)

export type StablecoinsConfig = z.infer<typeof schema>

export const loadStablecoinsConfig = (env: NodeJS.ProcessEnv = process.env): StablecoinsConfig => loadConfig(schema, env)
