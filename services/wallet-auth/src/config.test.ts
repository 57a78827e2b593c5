import { describe, expect, it } from 'vitest'
import { loadWalletAuthConfig } from './config.js'

const DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/wallet_auth'

describe('wallet-auth configuration', () => {
  it('reads issuers as JSON and origins as a list', () => {
    const config = loadWalletAuthConfig({
      DATABASE_URL,
      OIDC_ISSUERS: '[{"issuer":"https://id.example","jwksUri":"https://id.example/jwks"}]',
      WEBAUTHN_ORIGINS: 'https://a.example, https://b.example',
    })
    expect(config.OIDC_ISSUERS).toEqual([{ issuer: 'https://id.example', jwksUri: 'https://id.example/jwks' }])
    expect(config.WEBAUTHN_ORIGINS).toEqual(['https://a.example', 'https://b.example'])
    expect(config.GRPC_ADDRESS).toBe('127.0.0.1:50056')
  })

  it('refuses the development keys in production', () => {
    expect(() => loadWalletAuthConfig({ DATABASE_URL, NODE_ENV: 'production' })).toThrow(/must be set in production/)
    const keys = { WALLET_SECRET_KEY: 'a'.repeat(64), BUNDLE_SIGNING_KEY: 'b'.repeat(64) }
    const MIGRATION_DATABASE_URL = 'postgresql://migrator@127.0.0.1:5432/wallet-auth'
    // production also takes nothing without mutual TLS (@pp/config)
    const tls = { GRPC_TLS_CA_FILE: 'ca.pem', GRPC_TLS_CERT_FILE: 'wallet-auth.pem', GRPC_TLS_KEY_FILE: 'wallet-auth.key' }
    expect(loadWalletAuthConfig({ DATABASE_URL, MIGRATION_DATABASE_URL, NODE_ENV: 'production', ...keys, ...tls }).WALLET_SECRET_KEY).toBe(keys.WALLET_SECRET_KEY)
  })

  it('reads the keys WALLET_SECRET_KEY replaced as a comma-separated list, none by default', () => {
    expect(loadWalletAuthConfig({ DATABASE_URL }).WALLET_SECRET_PREVIOUS_KEYS).toEqual([])
    const previous = { WALLET_SECRET_PREVIOUS_KEYS: `${'c'.repeat(64)},${'d'.repeat(64)}` }
    expect(loadWalletAuthConfig({ DATABASE_URL, ...previous }).WALLET_SECRET_PREVIOUS_KEYS).toEqual(['c'.repeat(64), 'd'.repeat(64)])
    expect(() => loadWalletAuthConfig({ DATABASE_URL, WALLET_SECRET_PREVIOUS_KEYS: 'abcd' })).toThrow(/WALLET_SECRET_PREVIOUS_KEYS/)
  })

  it('refuses half an email or SMS provider, naming each missing setting; with none, OTP delivery stays off', () => {
    expect(() => loadWalletAuthConfig({ DATABASE_URL, SMTP_HOST: 'smtp.example.com' })).toThrow(/SMTP_FROM: required when SMTP_HOST is set/)
    expect(() => loadWalletAuthConfig({ DATABASE_URL, SMS_ACCOUNT_ID: 'AC1' })).toThrow(/SMS_API_BASE_URL: required when SMS_ACCOUNT_ID is set[\s\S]*SMS_SENDER: required/)
    const none = loadWalletAuthConfig({ DATABASE_URL })
    expect([none.SMTP_HOST, none.SMS_API_BASE_URL]).toEqual([undefined, undefined])
  })

  it('refuses issuers that are not JSON', () => {
    expect(() => loadWalletAuthConfig({ DATABASE_URL, OIDC_ISSUERS: 'accounts.google.com' })).toThrow(/OIDC_ISSUERS/)
  })
})
