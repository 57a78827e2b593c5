import { PlatformConfigSchema } from '@pp/contracts'
import { describe, expect, it } from 'vitest'
import { configView, toPlatformConfig } from './config-view.js'
import type { ConfigRecord, CurrencyConfigRow, FeeConfigRow } from './types.js'

const at = new Date('2025-10-13T09:00:00Z')
const PLATFORM_ID = 'Platform:019542f5-b3e7-1d02-0000-000000000009'

const currency = (currencyCode: string, extra: Partial<CurrencyConfigRow> = {}): CurrencyConfigRow => ({
  platformId: PLATFORM_ID,
  environment: 'SANDBOX',
  currencyCode,
  position: 0,
  minAmount: 100n,
  maxAmount: 100_000_000n,
  requiredCounterpartyFields: [{ name: 'FULL_NAME', mandatory: true }],
  enabledTransactionTypes: ['INCOMING', 'OUTGOING'],
  ...extra,
})

const fee: FeeConfigRow = {
  platformId: PLATFORM_ID,
  environment: 'SANDBOX',
  feeType: 'CROSS_CURRENCY_TRANSACTION',
  sourceCurrency: 'USD',
  variableFeeBps: 25,
  fixedFeeAmount: 50n,
  fixedFeeCurrency: 'USD',
}

const record = (extra: Partial<ConfigRecord> = {}): ConfigRecord => ({
  id: 'PlatformConfig:019542f5-b3e7-1d02-0000-000000000003',
  platformId: PLATFORM_ID,
  environment: 'SANDBOX',
  umaDomain: null,
  proxyUmaSubdomain: 'acme',
  webhookEndpoint: null,
  skipVerificationPaperwork: false,
  extendedWebhookTypes: false,
  embeddedWalletConfig: null,
  cardTokenization2faConfig: null,
  createdAt: at,
  updatedAt: at,
  platform: { name: 'Acme', id: PLATFORM_ID, isRegulatedFinancialInstitution: false, createdAt: at },
  currencies: [currency('USD')],
  fees: [],
  ...extra,
})

/** The view as it travels (JSON), parsed by its contract: it keeps every field and adds none. */
const expectContract = (stored: ConfigRecord) => {
  const json: unknown = JSON.parse(JSON.stringify(configView(toPlatformConfig(stored))))
  expect(PlatformConfigSchema.strict().parse(json)).toEqual(json)
}

describe('the platform config view keeps to the PlatformConfig contract', () => {
  it('a new platform: dollars only, no fees, nothing configured beyond the defaults', () => {
    expectContract(record())
  })

  it('every field set: currencies whose provider requires customer fields, a fee, wallet and 2FA settings', () => {
    expectContract(
      record({
        umaDomain: 'acme.example',
        webhookEndpoint: 'https://acme.example/webhooks',
        skipVerificationPaperwork: true,
        extendedWebhookTypes: true,
        embeddedWalletConfig: { appName: 'Acme', otpLength: 6, alphanumeric: false, expirationSeconds: 300, sendFromEmailAddress: 'no-reply@acme.example', logoUrl: 'https://acme.example/logo.png' },
        cardTokenization2faConfig: { displayName: 'Acme', email: { fromAddress: 'cards@acme.example', subject: 'Your code' }, sms: { bodyText: 'Code: {{code}}' } },
        platform: { name: 'Acme', id: PLATFORM_ID, isRegulatedFinancialInstitution: true, createdAt: at },
        currencies: [
          currency('USD'),
          currency('EUR', { position: 1, requiredCounterpartyFields: [{ name: 'BIRTH_DATE', mandatory: false }], enabledTransactionTypes: ['OUTGOING'] }),
          currency('BTC', { position: 2, minAmount: 1_000n, maxAmount: 1_000_000_000n, requiredCounterpartyFields: [], enabledTransactionTypes: ['INCOMING'] }),
        ],
        fees: [fee],
      }),
    )
  })
})
