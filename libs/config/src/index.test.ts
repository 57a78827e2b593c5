import { describe, expect, it } from 'vitest'
import { baseConfigSchema, databaseConfig, grpcAddress, idempotencyKeyTtlMs, loadConfig, migrationRoleRequiredInProduction, requireChosen, requireTogether, storageLimitsConfig, z } from './index.js'

describe('loadConfig', () => {
  const schema = baseConfigSchema.extend({ GRPC_ADDRESS: grpcAddress, DELAY_MS: z.coerce.number().default(5) })

  it('parses and applies defaults', () => {
    const config = loadConfig(schema, { GRPC_ADDRESS: '127.0.0.1:50051' })
    expect(config).toEqual({ NODE_ENV: 'development', LOG_LEVEL: 'info', GRPC_ADDRESS: '127.0.0.1:50051', DELAY_MS: 5 })
  })

  it('refuses production without mutual TLS, and takes it with the three files', () => {
    const production = { GRPC_ADDRESS: '127.0.0.1:50051', NODE_ENV: 'production' }
    expect(() => loadConfig(schema, production)).toThrow(/GRPC_TLS_CA_FILE, GRPC_TLS_CERT_FILE, GRPC_TLS_KEY_FILE: must be set in production/)
    expect(() => loadConfig(schema, { ...production, GRPC_TLS_CA_FILE: 'ca.pem' })).toThrow(/must be set in production/)
    const files = { GRPC_TLS_CA_FILE: 'ca.pem', GRPC_TLS_CERT_FILE: 'ledger.pem', GRPC_TLS_KEY_FILE: 'ledger.key' }
    expect(loadConfig(schema, { ...production, ...files })).toMatchObject(files)
  })

  it('lists every invalid field', () => {
    expect(() => loadConfig(schema, { GRPC_ADDRESS: 'nope', LOG_LEVEL: 'loud' })).toThrow(/GRPC_ADDRESS[\s\S]*LOG_LEVEL|LOG_LEVEL[\s\S]*GRPC_ADDRESS/)
  })
})

describe('storage limits', () => {
  const schema = baseConfigSchema.extend({ ...storageLimitsConfig.shape, IDEMPOTENCY_KEY_TTL_MS: idempotencyKeyTtlMs })

  it('keeps keys a day, published outbox rows and stream events a week, and at most 1 GiB of events', () => {
    expect(loadConfig(schema, {})).toMatchObject({
      IDEMPOTENCY_KEY_TTL_MS: 86_400_000,
      OUTBOX_RETENTION_MS: 604_800_000,
      EVENTS_STREAM_MAX_AGE_MS: 604_800_000,
      EVENTS_STREAM_MAX_BYTES: 1_073_741_824,
    })
  })

  it('refuses limits so short that pruning would spin or a consumer lose events it is about to take', () => {
    expect(() => loadConfig(schema, { IDEMPOTENCY_KEY_TTL_MS: '1000' })).toThrow(/IDEMPOTENCY_KEY_TTL_MS/)
    expect(() => loadConfig(schema, { OUTBOX_RETENTION_MS: '0' })).toThrow(/OUTBOX_RETENTION_MS/)
    expect(() => loadConfig(schema, { EVENTS_STREAM_MAX_AGE_MS: '120000' })).toThrow(/EVENTS_STREAM_MAX_AGE_MS/)
  })
})

describe('database roles', () => {
  const schema = baseConfigSchema.extend(databaseConfig.shape).refine(...migrationRoleRequiredInProduction)
  const runtime = 'postgresql://ledger:secret@db.internal:5432/ledger'

  it('migrate with the runtime URL in development', () => {
    expect(loadConfig(schema, { DATABASE_URL: runtime }).MIGRATION_DATABASE_URL).toBeUndefined()
  })

  it('in production need a migration role other than the runtime role', () => {
    const tls = { GRPC_TLS_CA_FILE: 'ca.pem', GRPC_TLS_CERT_FILE: 'ledger.pem', GRPC_TLS_KEY_FILE: 'ledger.key' }
    const production = { NODE_ENV: 'production', DATABASE_URL: runtime, ...tls }
    expect(() => loadConfig(schema, production)).toThrow(/MIGRATION_DATABASE_URL: is required in production/)
    expect(() => loadConfig(schema, { ...production, MIGRATION_DATABASE_URL: 'postgresql://ledger:other@db.internal:5432/ledger' })).toThrow(/MIGRATION_DATABASE_URL/)
    const migrator = 'postgresql://migrator:secret@db.internal:5432/ledger'
    expect(loadConfig(schema, { ...production, MIGRATION_DATABASE_URL: migrator }).MIGRATION_DATABASE_URL).toBe(migrator)
  })
})

describe('requireTogether', () => {
  const schema = z
    .object({ HOST: z.string().optional(), USER: z.string().optional(), PORT: z.string().optional() })
    .superRefine((config, ctx) => requireTogether(config, ['HOST', 'USER', 'PORT'], ['HOST', 'USER'], ctx))

  it('takes none or all, and names each missing setting with the ones that made it required', () => {
    expect(loadConfig(schema, {})).toEqual({})
    expect(loadConfig(schema, { HOST: 'h', USER: 'u' })).toEqual({ HOST: 'h', USER: 'u' })
    expect(() => loadConfig(schema, { HOST: 'h' })).toThrow(/USER: required when HOST is set/)
    expect(() => loadConfig(schema, { PORT: '25', USER: '' })).toThrow(/HOST: required when PORT is set[\s\S]*USER: required when PORT is set/)
  })
})

describe('requireChosen', () => {
  const schema = z
    .object({ SOURCE: z.enum(['none', 'feed']).default('none'), FEED_URL: z.string().optional(), FEED_KEY: z.string().optional() })
    .superRefine((config, ctx) => requireChosen(config, 'SOURCE', 'feed', ['FEED_URL', 'FEED_KEY'], ctx))

  it("refuses a provider's settings without its switch, naming the ones set", () => {
    expect(loadConfig(schema, {})).toEqual({ SOURCE: 'none' })
    expect(loadConfig(schema, { SOURCE: 'feed', FEED_URL: 'u' })).toEqual({ SOURCE: 'feed', FEED_URL: 'u' })
    expect(() => loadConfig(schema, { FEED_URL: 'u' })).toThrow(/SOURCE: must be feed when FEED_URL is set/)
    expect(() => loadConfig(schema, { FEED_URL: 'u', FEED_KEY: 'k' })).toThrow(/SOURCE: must be feed when FEED_URL, FEED_KEY are set/)
  })
})
