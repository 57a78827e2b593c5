import { describe, expect, it } from 'vitest'
import { loadLedgerConfig } from './config.js'

const DATABASE_URL = 'postgresql://ledger@127.0.0.1:5432/ledger'
// production also takes nothing without its own migration role and mutual TLS (@pp/config)
const PRODUCTION = {
  DATABASE_URL,
  MIGRATION_DATABASE_URL: 'postgresql://migrator@127.0.0.1:5432/ledger',
  NODE_ENV: 'production',
  GRPC_TLS_CA_FILE: 'ca.pem',
  GRPC_TLS_CERT_FILE: 'ledger.pem',
  GRPC_TLS_KEY_FILE: 'ledger.key',
}

describe('ledger configuration', () => {
  it('seals bank account numbers with a development key outside production', () => {
    const config = loadLedgerConfig({ DATABASE_URL })
    expect(config.BANK_ACCOUNT_DATA_KEY).toMatch(/^[0-9a-f]{64}$/)
    expect(config.BANK_ACCOUNT_DATA_PREVIOUS_KEYS).toEqual([])
  })

  it('refuses to start in production without BANK_ACCOUNT_DATA_KEY', () => {
    expect(() => loadLedgerConfig(PRODUCTION)).toThrow(/BANK_ACCOUNT_DATA_KEY must be set in production/)
    const keys = { BANK_ACCOUNT_DATA_KEY: 'a'.repeat(64), BANK_ACCOUNT_DATA_PREVIOUS_KEYS: `${'b'.repeat(64)},${'c'.repeat(64)}` }
    const config = loadLedgerConfig({ ...PRODUCTION, ...keys })
    expect(config.BANK_ACCOUNT_DATA_PREVIOUS_KEYS).toEqual(['b'.repeat(64), 'c'.repeat(64)])
  })

  it('refuses a key that is not 32 bytes of hex', () => {
    expect(() => loadLedgerConfig({ DATABASE_URL, BANK_ACCOUNT_DATA_KEY: 'abcd' })).toThrow(/BANK_ACCOUNT_DATA_KEY/)
    expect(() => loadLedgerConfig({ DATABASE_URL, BANK_ACCOUNT_DATA_PREVIOUS_KEYS: 'abcd' })).toThrow(/BANK_ACCOUNT_DATA_PREVIOUS_KEYS/)
  })
})
