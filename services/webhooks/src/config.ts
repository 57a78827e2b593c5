import { baseConfigSchema, consumerStartTime, databaseConfig, durationMs, eventSigningConfig, grpcAddress, idempotencyKeyTtlMs, loadConfig, migrationRoleRequiredInProduction, storageLimitsConfig, webhookLoopbackAllowed, z } from '@pp/config'
import type { DeliverySettings } from './domain/delivery/settings.js'

/** "10000,60000,..." → [10000, 60000, ...]: the waits before the second, third, ... attempt. */
const msList = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'expected comma-separated milliseconds, e.g. 10000,60000')
  .transform((value) => value.split(',').map(Number))
  .refine((list) => list.length <= 20, 'at most 20 retries')

/** 32 bytes as 64 hex characters or as base64. */
const aesKeyOf = (value: string): Buffer => (/^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64'))
const AES_KEY_MESSAGE = 'expected 32 bytes, as 64 hex characters or base64'
const aesKey = z.string().transform(aesKeyOf).refine((key) => key.length === 32, AES_KEY_MESSAGE)
/** Comma-separated keys as aesKey reads one (empty: none). */
const aesKeys = z
  .string()
  .default('')
  .transform((value) => value.split(',').filter(Boolean).map(aesKeyOf))
  .refine((keys) => keys.every((key) => key.length === 32), AES_KEY_MESSAGE)

const schema = baseConfigSchema
  .extend({
    ...storageLimitsConfig.shape,
    ...databaseConfig.shape,
    ...eventSigningConfig.shape,
    GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50055'),
  /** Where the operators' methods are served, to the admin identity alone (the public address does not serve them). */
  OPERATOR_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:51055'),
    NATS_URL: z.string().default('nats://127.0.0.1:4222'),
    PLATFORM_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50051'),
    /** Durable consumer name on the EVENTS stream; replicas share it, so each event is taken once. */
    WEBHOOK_CONSUMER_NAME: z.string().regex(/^[\w-]+$/).default('webhooks'),
    WEBHOOK_EVENTS_SUBJECT: z.string().min(1).default('events.>'),
    EVENTS_CONSUMER_START_TIME: consumerStartTime,
    WEBHOOK_RETRY_SCHEDULE_MS: msList.default([10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000, 86_400_000]),
    /** Each wait is spread by ± this fraction so that receivers that failed together are not retried together. */
    WEBHOOK_RETRY_JITTER_RATIO: z.coerce.number().min(0).max(1).default(0.2),
    WEBHOOK_REQUEST_TIMEOUT_MS: durationMs.min(1).default(10_000),
    /** How long a claimed delivery stays out of other workers' reach; must outlast the request timeout. */
    WEBHOOK_CLAIM_LEASE_MS: durationMs.min(1).default(60_000),
    /** Attempts in flight at once: sockets and small buffers, no CPU while they wait on receivers. */
    WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(1_000).default(128),
    /**
     * Attempts in flight at once to one tenant's endpoint. A claim takes at most this many of its rows,
     * so it sets how many deliveries one claim statement serves under a busy tenant's load (measured:
     * 4 gave ~1.6 per claim and 640 deliveries/s, 16 gave ~4.7 and ~990/s); eight tenants with hung
     * receivers take all of WEBHOOK_CONCURRENCY.
     */
    WEBHOOK_CONCURRENCY_PER_PLATFORM: z.coerce.number().int().min(1).max(100).default(16),
    /** Failed attempts in a row to one tenant's endpoint after which only a probe is attempted until it answers. */
    WEBHOOK_PAUSE_AFTER_FAILURES: z.coerce.number().int().min(1).max(1_000).default(5),
    /**
     * How long the deliveries of a platform that has never set a webhookEndpoint are held for it:
     * older ones are dropped, so a platform that never wires webhooks leaves bounded storage.
     */
    WEBHOOK_HELD_WITHOUT_ENDPOINT_MS: durationMs.min(60_000).default(72 * 3_600_000),
    /**
     * When the platform service cannot say where a delivery goes: the wait before the delivery is
     * tried again. Nothing was sent, so it is no attempt and no failure of the receiver.
     */
    WEBHOOK_ENDPOINT_UNKNOWN_RETRY_MS: durationMs.min(1).default(2_000),
    /**
     * Encrypts the signing keys' private halves at rest (AES-256-GCM); unset stores them plainly,
     * which only development allows. Setting it seals a key stored plainly at the next start.
     */
    WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY: aesKey.optional(),
    /** Keys WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY replaced: they open what they sealed until the next start seals it again. */
    WEBHOOK_SIGNING_KEY_ENCRYPTION_PREVIOUS_KEYS: aesKeys,
    /** How long a delivered or dead delivery, and its attempts, stay in the delivery log. */
    WEBHOOK_DELIVERY_RETENTION_MS: durationMs.default(30 * 24 * 3_600_000),
    WEBHOOK_LOOPBACK_ALLOWED: webhookLoopbackAllowed,
    /** How long the first answer to a redelivery or replay made with an Idempotency-Key is replayed. */
    IDEMPOTENCY_KEY_TTL_MS: idempotencyKeyTtlMs,
  })
  .refine((c) => c.WEBHOOK_CLAIM_LEASE_MS > c.WEBHOOK_REQUEST_TIMEOUT_MS, {
    path: ['WEBHOOK_CLAIM_LEASE_MS'],
    message: 'must be longer than WEBHOOK_REQUEST_TIMEOUT_MS',
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY !== undefined, {
    path: ['WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY'],
    message: 'is required in production: the signing keys must not be stored in the clear',
  })
  .refine((c) => c.WEBHOOK_SIGNING_KEY_ENCRYPTION_PREVIOUS_KEYS.length === 0 || c.WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY !== undefined, {
    path: ['WEBHOOK_SIGNING_KEY_ENCRYPTION_PREVIOUS_KEYS'],
    message: 'needs WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY, the key that replaced them',
  })
  // a delivery's row is what makes its event, delivered again by the stream, a duplicate
  .refine((c) => c.WEBHOOK_DELIVERY_RETENTION_MS >= c.EVENTS_STREAM_MAX_AGE_MS, {
    path: ['WEBHOOK_DELIVERY_RETENTION_MS'],
    message: 'must be at least EVENTS_STREAM_MAX_AGE_MS',
  })
  .refine(...migrationRoleRequiredInProduction)

export type WebhooksConfig = z.infer<typeof schema>

export const loadWebhooksConfig = (env: NodeJS.ProcessEnv = process.env): WebhooksConfig => loadConfig(schema, env)

export const deliverySettingsOf = (config: WebhooksConfig): DeliverySettings => ({
  retryScheduleMs: config.WEBHOOK_RETRY_SCHEDULE_MS,
  retryJitterRatio: config.WEBHOOK_RETRY_JITTER_RATIO,
  requestTimeoutMs: config.WEBHOOK_REQUEST_TIMEOUT_MS,
  claimLeaseMs: config.WEBHOOK_CLAIM_LEASE_MS,
  concurrency: config.WEBHOOK_CONCURRENCY,
  concurrencyPerPlatform: config.WEBHOOK_CONCURRENCY_PER_PLATFORM,
  pauseAfterFailures: config.WEBHOOK_PAUSE_AFTER_FAILURES,
  endpointUnknownRetryMs: config.WEBHOOK_ENDPOINT_UNKNOWN_RETRY_MS,
  idempotencyKeyTtlMs: config.IDEMPOTENCY_KEY_TTL_MS,
})
