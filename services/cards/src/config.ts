import { baseConfigSchema, databaseConfig, durationMs, eventConsumerConfig, eventSigningConfig, grpcAddress, hex32Key, idempotencyKeyTtlMs, jobRetentionMs, loadConfig, migrationRoleRequiredInProduction, previousKeys, storageLimitsConfig, z } from '@pp/config'

// Development-only keys, so `pnpm start` and test meshes run without secrets; a production process
// refuses to start with them (see the refinement below).
const DEVELOPMENT_SECRET_KEY = '6465762d6f6e6c792d636172642d7365637265742d6b65792d2d2d2d2d2d2d2d'
const DEVELOPMENT_REVEAL_KEY = '6465762d6f6e6c792d636172642d72657665616c2d6b65792d2d2d2d2d2d2d2d'
const DEVELOPMENT_VERIFICATION_KEY = '6465762d6f6e6c792d636172642d766572696669636174696f6e2d6b65792d2d'

const schema = baseConfigSchema
  .extend({
    ...storageLimitsConfig.shape,
    ...databaseConfig.shape,
    ...eventSigningConfig.shape,
    ...eventConsumerConfig('cards').shape,
    GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50057'),
    NATS_URL: z.string().default('nats://127.0.0.1:4222'),
    CUSTOMERS_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50052'),
    LEDGER_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50053'),
    WALLET_AUTH_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50056'),
    IDEMPOTENCY_KEY_TTL_MS: idempotencyKeyTtlMs,
    JOB_RETENTION_MS: jobRetentionMs,
    /** AES-256-GCM key sealing card numbers at rest: the current one, which seals. */
    CARDS_SECRET_KEY: hex32Key.default(DEVELOPMENT_SECRET_KEY),
    /**
     * Keys CARDS_SECRET_KEY replaced (comma-separated): they open what they sealed until the next
     * start has re-sealed it under the current key; then they can go.
     */
    CARDS_PREVIOUS_SECRET_KEYS: previousKeys,
    /** The sandbox issuer's card verification key: it derives each card's security code when revealed. */
    SANDBOX_CARD_VERIFICATION_KEY: hex32Key.default(DEVELOPMENT_VERIFICATION_KEY),
    /** HMAC-SHA256 key signing reveal tokens. */
    CARD_REVEAL_SIGNING_KEY: hex32Key.default(DEVELOPMENT_REVEAL_KEY),
    /** How long a reveal address works. */
    CARD_REVEAL_TTL_MS: durationMs.min(1).default(5 * 60_000),
    /** The most live (not CLOSED) cards one platform may hold in one environment. */
    CARDS_MAX_LIVE_PER_PLATFORM: z.coerce.number().int().min(1).default(10_000),
    /** When true, a cardholder holds at most one live card. */
    CARDS_ONE_PER_CARDHOLDER: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
    /** How long the sandbox issuer takes to activate a new card. */
    SANDBOX_CARD_ACTIVATION_DELAY_MS: durationMs.default(1_000),
    /** How long the sandbox's delayed pull (descriptor suffix 005) waits for its confirmation. */
    SANDBOX_CARD_PULL_DELAY_MS: durationMs.default(30_000),
    /** How long a received network message may stay unfinished (a crash) before a job finishes it. */
    CARD_MESSAGE_RECOVERY_MS: durationMs.min(1).default(10_000),
    /**
     * How long a production authorization that no clearing settled keeps its hold before it
     * expires (card networks' usual 7 days); a clearing after that is posted as a late presentment.
     */
    CARD_AUTHORIZATION_EXPIRY_MS: durationMs.min(1).default(7 * 24 * 3_600_000),
    /** The same for sandbox authorizations: an hour, to watch one expire. */
    SANDBOX_CARD_AUTHORIZATION_EXPIRY_MS: durationMs.min(1).default(3_600_000),
    /** Due jobs claimed per statement (and a deleted customer's cards read per statement). */
    CARD_JOBS_BATCH: z.coerce.number().int().min(1).max(1_000).default(50),
  })
  .refine(
    (config) =>
      config.NODE_ENV !== 'production' ||
      (config.CARDS_SECRET_KEY !== DEVELOPMENT_SECRET_KEY &&
        config.CARD_REVEAL_SIGNING_KEY !== DEVELOPMENT_REVEAL_KEY &&
        config.SANDBOX_CARD_VERIFICATION_KEY !== DEVELOPMENT_VERIFICATION_KEY),
    { message: 'CARDS_SECRET_KEY, CARD_REVEAL_SIGNING_KEY and SANDBOX_CARD_VERIFICATION_KEY must be set in production' },
  )
  .refine(...migrationRoleRequiredInProduction)

export type CardsConfig = z.infer<typeof schema>

export const loadCardsConfig = (env: NodeJS.ProcessEnv = process.env): CardsConfig => loadConfig(schema, env)
