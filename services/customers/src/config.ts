import { baseConfigSchema, durationMs, grpcAddress, idempotencyKeyTtlMs, loadConfig, storageLimitsConfig, z } from '@pp/config'

const schema = baseConfigSchema.extend({
  ...storageLimitsConfig.shape,
  DATABASE_URL: z.url(),
  GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50052'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** How long a key's first answer is replayed; after it the same key is a new request. */
  IDEMPOTENCY_KEY_TTL_MS: idempotencyKeyTtlMs,
  PLATFORM_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50051'),
  /** How long a hosted verification link can be used. */
  KYC_LINK_TTL_MS: durationMs.default(24 * 60 * 60 * 1000),
  /** How long a contact verification code can be confirmed. */
  CONTACT_CODE_TTL_MS: durationMs.default(10 * 60 * 1000),
  CONTACT_CODE_ATTEMPTS_MAX: z.coerce.number().int().positive().default(5),
  /** Rows of an import handled per transaction, and a worker's lease on a job. */
  IMPORT_BATCH_ROWS: z.coerce.number().int().positive().default(50),
  IMPORT_LEASE_MS: durationMs.default(60_000),
})

export type CustomersConfig = z.infer<typeof schema>

export const loadCustomersConfig = (env: NodeJS.ProcessEnv = process.env): CustomersConfig => loadConfig(schema, env)
