import { z } from 'zod'

/**
 * Parses the environment once against a schema; a service's `config.ts` is the only caller, so
 * nothing else reads process.env. A bad value stops start-up with every problem listed. A process
 * of the mesh (its schema built on baseConfigSchema) is also held to `meshTlsInProduction`.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env)
  const problems = result.success ? [] : result.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`)
  if (result.success && isMeshSchema(schema)) problems.push(...meshTlsInProduction(result.data as BaseConfig))
  if (problems.length === 0) return result.data as z.infer<S>
  throw new Error(`invalid configuration:\n${problems.join('\n')}`)
}

/** Fields every service shares. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where `GET /metrics` (Prometheus) is served, apart from the API; off when unset. */
  METRICS_ADDRESS: z.string().regex(/^[\w.-]+:\d{1,5}$/, 'expected host:port').optional(),
  /**
   * Mutual TLS between services (PEM files, e.g. a mounted Secret): the mesh's CA, and this
   * process's own certificate (naming its identity, see @pp/identity) and key. All three or none;
   * none (plaintext, callers unknown) only outside production: in-process tests.
   */
  GRPC_TLS_CA_FILE: z.string().min(1).optional(),
  GRPC_TLS_CERT_FILE: z.string().min(1).optional(),
  GRPC_TLS_KEY_FILE: z.string().min(1).optional(),
  /**
   * The process's own NATS user: a file holding its nkey seed (`SU…`), or a `.creds` file (JWT and
   * seed, for an operator-mode NATS). One of them is required in production.
   */
  NATS_NKEY_SEED_FILE: z.string().min(1).optional(),
  NATS_CREDS_FILE: z.string().min(1).optional(),
  /** The CA (PEM) that signed the NATS server's certificate: the connection then requires TLS. */
  NATS_TLS_CA_FILE: z.string().min(1).optional(),
  /**
   * The public keys of every event producer (JSON, @pp/events `readVerifyKeys`): an event is
   * believed only when the service it names signed it. Required in production; the development
   * keys without.
   */
  EVENT_VERIFY_KEYS_FILE: z.string().min(1).optional(),
  /** The migration window: unsigned events JetStream stored before this instant are believed (ISO date-time). */
  EVENT_UNSIGNED_ACCEPTED_UNTIL: z.iso.datetime().transform((value) => new Date(value)).optional(),
})

/** What every service that publishes events carries. */
export const eventSigningConfig = z.object({
  /** The service's own Ed25519 private key (PEM) its events are signed with. Required in production. */
  EVENT_SIGNING_KEY_FILE: z.string().min(1).optional(),
})

type BaseConfig = z.infer<typeof baseConfigSchema>

const isMeshSchema = (schema: z.ZodType): boolean => schema instanceof z.ZodObject && 'GRPC_TLS_CA_FILE' in schema.shape

/**
 * Production never runs the mesh in plaintext: without a certificate a server cannot tell which
 * service calls it, and anything that reaches its port could move money (issue 31).
 */
function meshTlsInProduction(config: BaseConfig): string[] {
  if (config.NODE_ENV !== 'production' || (config.GRPC_TLS_CA_FILE && config.GRPC_TLS_CERT_FILE && config.GRPC_TLS_KEY_FILE)) return []
  return ['  GRPC_TLS_CA_FILE, GRPC_TLS_CERT_FILE, GRPC_TLS_KEY_FILE: must be set in production (mutual TLS between the processes)']
}

/**
 * A host:port a gRPC server binds or a client dials, or a client target naming several replicas:
 * `dns:///payments:50054` (every address the name resolves to, as a headless Service gives) or
 * `ipv4:10.0.0.1:50054,10.0.0.2:50054`.
 */
export const grpcAddress = z.string().regex(/^(?:dns:\/\/\/)?[\w.-]+:\d{1,5}$|^ipv4:[\d.]+:\d{1,5}(?:,[\d.]+:\d{1,5})*$/, 'expected host:port')

export const durationMs = z.coerce.number().int().nonnegative()

/** A 32-byte key (AES-256, HMAC-SHA256) as 64 hex characters. */
export const hex32Key = z.string().regex(/^[0-9a-fA-F]{64}$/, 'expected 32 bytes as 64 hex characters')

/**
 * The keys a rotation replaced, comma-separated hex (empty: none): they open what they sealed
 * until the service has sealed it again under the current key (see @pp/secrets sealingKeyring).
 */
export const previousKeys = z
  .string()
  .default('')
  .transform((value) => value.split(',').filter(Boolean))
  .pipe(z.array(hex32Key))

/**
 * A service's database: DATABASE_URL is the runtime role's connection (rows only), and
 * MIGRATION_DATABASE_URL the migration role's, which owns the schema, applies migrations and
 * grants the runtime role its access. Unset, the runtime URL migrates too (local development).
 */
export const databaseConfig = z.object({
  DATABASE_URL: z.url(),
  MIGRATION_DATABASE_URL: z.url().optional(),
})

const roleOf = (url: string): string => decodeURIComponent(new URL(url).username)

interface DatabaseRoles {
  NODE_ENV: string
  DATABASE_URL: string
  MIGRATION_DATABASE_URL?: string | undefined
}

/**
 * Production serves with a role that cannot change the schema or truncate tables: its migrations
 * run as another. Use as `.refine(...migrationRoleRequiredInProduction)`.
 */
export const migrationRoleRequiredInProduction: [(config: DatabaseRoles) => boolean, { path: string[]; message: string }] = [
  (config) =>
    config.NODE_ENV !== 'production' ||
    (config.MIGRATION_DATABASE_URL !== undefined && roleOf(config.MIGRATION_DATABASE_URL) !== roleOf(config.DATABASE_URL)),
  {
    path: ['MIGRATION_DATABASE_URL'],
    message: 'is required in production, logging in as a role other than DATABASE_URL\'s (which must not own the schema)',
  },
]

/**
 * Local development only (`pnpm start` and the tests set it): a sandbox webhookEndpoint may be on
 * this machine's loopback, where developers run their receivers. A shared deployment leaves it
 * false, so no platform can point the mesh at the hosts it runs on (the rule of @pp/egress).
 */
export const webhookLoopbackAllowed = z.enum(['true', 'false']).default('false').transform((value) => value === 'true')

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS
const MIB = 1024 * 1024

/**
 * The storage limits every service applies, each service's config carrying these fields. The
 * EVENTS stream's are set by every service as it starts: give each the same values.
 */
export const storageLimitsConfig = z.object({
  /**
   * How long an outbox row stays once the relay published it (JetStream keeps the event itself).
   * A minute at least: an idle table is looked at once per this period.
   */
  OUTBOX_RETENTION_MS: durationMs.min(MINUTE_MS).default(7 * DAY_MS),
  /**
   * How long the EVENTS stream keeps an event, consumed or not: the longest a consumer may be
   * stopped or behind without missing events. An hour at least, above JetStream's duplicate
   * window and any redelivery.
   */
  EVENTS_STREAM_MAX_AGE_MS: durationMs.min(HOUR_MS).default(7 * DAY_MS),
  /** The most the EVENTS stream holds; past it the oldest events go first, consumed or not. */
  EVENTS_STREAM_MAX_BYTES: z.coerce.number().int().min(MIB).default(1024 * MIB),
})

/**
 * IDEMPOTENCY_KEY_TTL_MS: how long a key's first answer is replayed; after it the same key is a new
 * request. A minute at least, as OUTBOX_RETENTION_MS.
 */
export const idempotencyKeyTtlMs = durationMs.min(MINUTE_MS).default(DAY_MS)

/**
 * JOB_RETENTION_MS, of a service with a job runner: how long a done job's row stays (the operator
 * reads what ran and when), a minute at least, as OUTBOX_RETENTION_MS.
 */
export const jobRetentionMs = durationMs.min(MINUTE_MS).default(7 * DAY_MS)

/**
 * A provider's settings are all or nothing: once any of `group` is set, each of `required` must be
 * set too, each missing one named with the settings that made it required. None of them set leaves
 * the provider off, answering its per-request "not configured" error. Use in `.superRefine`.
 */
export function requireTogether(config: Record<string, unknown>, group: readonly string[], required: readonly string[], ctx: z.RefinementCtx): void {
  const set = group.filter((name) => config[name] !== undefined && config[name] !== '')
  if (set.length > 0) requireSettings(config, required, `${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set`, ctx)
}

/** EVENTS_CONSUMER_START_TIME: where new durable consumers start (ISO date-time); unset = the whole stream. */
export const consumerStartTime = z.iso.datetime().transform((value) => new Date(value)).optional()

/** What a service that consumes events carries: where its new durable consumers start, and their names' prefix (shared by its replicas). */
export const eventConsumerConfig = (service: string) =>
  z.object({
    EVENTS_CONSUMER_START_TIME: consumerStartTime,
    EVENTS_CONSUMER_PREFIX: z.string().min(1).default(service),
  })

/**
 * A provider's settings go together: each of `names` that `config` lacks is an issue, "required
 * when <because>", so a half-configured provider refuses the start naming what is missing (use it
 * in a superRefine; a provider with none of its settings keeps its per-request error).
 */
export function requireSettings(config: Record<string, unknown>, names: readonly string[], because: string, ctx: z.RefinementCtx): void {
  for (const name of names) {
    if (config[name] === undefined || config[name] === '') ctx.addIssue({ code: 'custom', path: [name], message: `required when ${because}` })
  }
}

/**
 * A provider's settings need its switch: once any of `dependents` is set, `setting` must be
 * `value` ("RATES_SOURCE: must be feed when RATES_FEED_URL is set"), so a half-done switch to a
 * provider refuses the start instead of being ignored. Use it in a superRefine.
 */
export function requireChosen(config: Record<string, unknown>, setting: string, value: string, dependents: readonly string[], ctx: z.RefinementCtx): void {
  if (config[setting] === value) return
  const set = dependents.filter((name) => config[name] !== undefined && config[name] !== '')
  if (set.length > 0) ctx.addIssue({ code: 'custom', path: [setting], message: `must be ${value} when ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set` })
}

export { z }
