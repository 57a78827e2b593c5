import {
  baseConfigSchema, databaseConfig, durationMs, eventConsumerConfig, eventSigningConfig, grpcAddress, hex32Key, idempotencyKeyTtlMs, loadConfig,
  migrationRoleRequiredInProduction, previousKeys, storageLimitsConfig, z,
} from '@pp/config'

// Development-only key, so `pnpm start` and test meshes run without secrets; a production process
// refuses to start with it (see the refinement below).
const DEVELOPMENT_BANK_ACCOUNT_DATA_KEY = '6465762d6f6e6c792d62616e6b2d6163636f756e742d646174612d6b65792d2d'

const schema = baseConfigSchema.extend({
  ...storageLimitsConfig.shape,
  ...databaseConfig.shape,
  ...eventSigningConfig.shape,
  GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50053'),
  /** Where the operators' methods are served, to the admin identity alone (the public address does not serve them). */
  OPERATOR_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:51053'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** How long a key's first answer is replayed; after it the same key is a new request. */
  IDEMPOTENCY_KEY_TTL_MS: idempotencyKeyTtlMs,
  PLATFORM_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50051'),
  CUSTOMERS_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50052'),
  /** How long a new US bank account stays in ACH validation before it can be used. */
  ACH_VALIDATION_WINDOW_MS: durationMs.default(3_000),
  ...eventConsumerConfig('ledger').shape,
  CUSTOMER_EVENTS_SUBJECT: z.string().min(1).default('events.customers.>'),
  PLATFORM_EVENTS_SUBJECT: z.string().min(1).default('events.platform.>'),
  /**
   * AES-256-GCM key sealing external bank account numbers (account number, IBAN, CLABE) at rest:
   * the current one, which seals; the key of the accounts' identity HMAC derives from it.
   */
  BANK_ACCOUNT_DATA_KEY: hex32Key.default(DEVELOPMENT_BANK_ACCOUNT_DATA_KEY),
  /** Keys BANK_ACCOUNT_DATA_KEY replaced (comma-separated): the next start re-seals what they sealed. */
  BANK_ACCOUNT_DATA_PREVIOUS_KEYS: previousKeys,
})
  .refine((config) => config.NODE_ENV !== 'production' || config.BANK_ACCOUNT_DATA_KEY !== DEVELOPMENT_BANK_ACCOUNT_DATA_KEY, {
    message: 'BANK_ACCOUNT_DATA_KEY must be set in production',
  })
  .refine(...migrationRoleRequiredInProduction)

export type LedgerConfig = z.infer<typeof schema>

export const loadLedgerConfig = (env: NodeJS.ProcessEnv = process.env): LedgerConfig => loadConfig(schema, env)
