import { describe, expect, it } from 'vitest'
import { deliverySettingsOf, loadWebhooksConfig } from './config.js'

const base = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/webhooks' }

describe('loadWebhooksConfig', () => {
  it('defaults to port 50055, a bounded retry schedule and no at-rest encryption key', () => {
    const config = loadWebhooksConfig(base)
    expect(config.GRPC_ADDRESS).toBe('127.0.0.1:50055')
    expect(config.WEBHOOK_RETRY_SCHEDULE_MS).toHaveLength(8)
    expect(config.WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY).toBeUndefined()
  })

  it('reads the schedule in milliseconds and the encryption key as hex or base64', () => {
    const hexKey = 'ab'.repeat(32)
    const config = loadWebhooksConfig({ ...base, WEBHOOK_RETRY_SCHEDULE_MS: '10,20,40', WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY: hexKey })
    expect(deliverySettingsOf(config).retryScheduleMs).toEqual([10, 20, 40])
    expect(config.WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY).toEqual(Buffer.from(hexKey, 'hex'))
    const base64Key = Buffer.alloc(32, 7).toString('base64')
    expect(loadWebhooksConfig({ ...base, WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY: base64Key }).WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY).toEqual(Buffer.alloc(32, 7))
  })

  it('refuses a lease no longer than the request timeout, a malformed schedule and a short key', () => {
    expect(() => loadWebhooksConfig({ ...base, WEBHOOK_REQUEST_TIMEOUT_MS: '5000', WEBHOOK_CLAIM_LEASE_MS: '5000' })).toThrow(/WEBHOOK_CLAIM_LEASE_MS/)
    expect(() => loadWebhooksConfig({ ...base, WEBHOOK_RETRY_SCHEDULE_MS: '10,,20' })).toThrow(/WEBHOOK_RETRY_SCHEDULE_MS/)
    expect(() => loadWebhooksConfig({ ...base, WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY: 'abcd' })).toThrow(/WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY/)
  })

  it('reads the keys the encryption key replaced, in either form, and only beside an encryption key', () => {
    const previous = `${'cd'.repeat(32)},${Buffer.alloc(32, 9).toString('base64')}`
    const config = loadWebhooksConfig({ ...base, WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY: 'ab'.repeat(32), WEBHOOK_SIGNING_KEY_ENCRYPTION_PREVIOUS_KEYS: previous })
    expect(config.WEBHOOK_SIGNING_KEY_ENCRYPTION_PREVIOUS_KEYS).toEqual([Buffer.from('cd'.repeat(32), 'hex'), Buffer.alloc(32, 9)])
    expect(loadWebhooksConfig(base).WEBHOOK_SIGNING_KEY_ENCRYPTION_PREVIOUS_KEYS).toEqual([])
    expect(() => loadWebhooksConfig({ ...base, WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY: 'ab'.repeat(32), WEBHOOK_SIGNING_KEY_ENCRYPTION_PREVIOUS_KEYS: 'abcd' })).toThrow(
      /WEBHOOK_SIGNING_KEY_ENCRYPTION_PREVIOUS_KEYS/,
    )
    expect(() => loadWebhooksConfig({ ...base, WEBHOOK_SIGNING_KEY_ENCRYPTION_PREVIOUS_KEYS: 'cd'.repeat(32) })).toThrow(/WEBHOOK_SIGNING_KEY_ENCRYPTION_PREVIOUS_KEYS/)
  })

  it('refuses to start in production without the key that seals the signing keys', () => {
    const tls = { GRPC_TLS_CA_FILE: 'ca.pem', GRPC_TLS_CERT_FILE: 'webhooks.pem', GRPC_TLS_KEY_FILE: 'webhooks.key' }
    const production = { ...base, ...tls, NODE_ENV: 'production', MIGRATION_DATABASE_URL: 'postgresql://migrator@127.0.0.1:5432/webhooks' }
    expect(() => loadWebhooksConfig(production)).toThrow(/WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY: is required in production/)
    expect(loadWebhooksConfig({ ...production, WEBHOOK_SIGNING_KEY_ENCRYPTION_KEY: 'ab'.repeat(32) }).NODE_ENV).toBe('production')
  })

  it('keeps finished deliveries at least as long as the stream keeps their events, so a replayed event stays a duplicate', () => {
    expect(loadWebhooksConfig(base)).toMatchObject({ WEBHOOK_DELIVERY_RETENTION_MS: 30 * 86_400_000, EVENTS_STREAM_MAX_AGE_MS: 7 * 86_400_000 })
    const shorter = { ...base, EVENTS_STREAM_MAX_AGE_MS: String(2 * 86_400_000), WEBHOOK_DELIVERY_RETENTION_MS: String(86_400_000) }
    expect(() => loadWebhooksConfig(shorter)).toThrow(/WEBHOOK_DELIVERY_RETENTION_MS/)
    expect(() => loadWebhooksConfig({ ...base, EVENTS_STREAM_MAX_AGE_MS: '60000' })).toThrow(/EVENTS_STREAM_MAX_AGE_MS/)
  })
})
