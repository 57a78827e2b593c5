import { callUnary } from '@pp/grpc'
import type { UpdatePlatformConfigRequest } from '@pp/proto/platform/v1/platform'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configOf, expectApiError, outboxEvents, production, sandbox, startHarness, type Harness } from './harness.js'

let h: Harness

beforeAll(async () => {
  h = await startHarness('platform_config')
})
afterAll(() => h?.stop())

const get = (platformId: string, ctx = sandbox(platformId)) =>
  callUnary(h.client, h.client.getPlatformConfig, {}, ctx).then(configOf)

const patch = (platformId: string, update: UpdatePlatformConfigRequest, ctx = sandbox(platformId)) =>
  callUnary(h.client, h.client.updatePlatformConfig, update, ctx).then(configOf)

const facts = (platformId: string) => callUnary(h.client, h.client.getPlatformFacts, {}, sandbox(platformId)).then((r) => r.facts!)

const usd = { currencyCode: 'USD', minAmount: 100n, maxAmount: 500_000n, requiredCounterpartyFields: [], enabledTransactionTypes: ['OUTGOING'] }
/** A currency as the API shows it: amounts as JSON numbers. */
const shown = <C extends { minAmount: bigint; maxAmount: bigint }>(currency: C) => ({ ...currency, minAmount: Number(currency.minAmount), maxAmount: Number(currency.maxAmount) })

describe('GetPlatformConfig', () => {
  it('gives a new platform its defaults, per environment', async () => {
    const { platformId } = await h.ensure('Defaults Co', { regulated: true, skip: true })
    const config = await get(platformId)
    expect(config.id).toMatch(/^PlatformConfig:/)
    expect(config.supportedCurrencies.map((c) => c.currencyCode)).toEqual(['USD', 'EUR', 'MXN', 'BTC', 'USDB'])
    expect(config.supportedCurrencies[0]).toMatchObject({ minAmount: 100, maxAmount: 100_000_000 })
    // omitted when the provider needs nothing, as the reference does
    expect(config.supportedCurrencies[0]).not.toHaveProperty('providerRequiredCustomerFields')
    expect(config.supportedCurrencies[1]?.providerRequiredCustomerFields).toEqual(['NATIONALITY', 'BIRTH_DATE'])
    expect(config.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(config).toMatchObject({ isRegulatedFinancialInstitution: true, skipVerificationPaperwork: true, extendedWebhookTypes: false, proxyUmaSubdomain: 'defaults-co', feeConfigs: [] })
    expect(config.webhookEndpoint).toBeUndefined()
    expect(config.embeddedWalletConfig).toBeUndefined()

    const prod = await get(platformId, production(platformId))
    expect(prod.id).not.toBe(config.id)
    expect(prod).toMatchObject({ isRegulatedFinancialInstitution: true, skipVerificationPaperwork: false })
  })

  it('answers PLATFORM_NOT_FOUND for an unknown platform', async () => {
    await expectApiError(get('Platform:nope'), 'PLATFORM_NOT_FOUND')
    await expectApiError(patch('Platform:nope', { umaDomain: 'x.com' }), 'PLATFORM_NOT_FOUND')
    await expectApiError(facts('Platform:nope'), 'PLATFORM_NOT_FOUND')
  })
})

describe('GetPlatformFacts', () => {
  it('answers what other services act on, fee amounts as int64', async () => {
    const { platformId } = await h.ensure('Facts Co', { regulated: true })
    expect(await facts(platformId)).toEqual({
      isRegulatedFinancialInstitution: true,
      skipVerificationPaperwork: false,
      webhookEndpoint: undefined,
      supportedCurrencies: ['USD', 'EUR', 'MXN', 'BTC', 'USDB'],
      feeConfigs: [],
    })
    const fee = { feeType: 'CROSS_CURRENCY_TRANSACTION', sourceCurrency: 'USD', variableFeeBps: 25, fixedFee: { amount: 150n, currency: 'USD' } }
    await patch(platformId, { webhookEndpoint: 'https://facts.example/hooks', supportedCurrencies: { items: [usd] }, feeConfigs: { items: [fee] } })
    expect(await facts(platformId)).toMatchObject({ webhookEndpoint: 'https://facts.example/hooks', supportedCurrencies: ['USD'], feeConfigs: [fee] })
  })
})

describe('UpdatePlatformConfig', () => {
  it('changes only what is sent, in the calling environment only', async () => {
    const { platformId } = await h.ensure('Merge Co')
    const before = await get(platformId)
    await patch(platformId, { webhookEndpoint: 'https://merge.example/hooks' })
    const after = await patch(platformId, { umaDomain: 'merge.example', skipVerificationPaperwork: true })
    expect(after).toMatchObject({ webhookEndpoint: 'https://merge.example/hooks', umaDomain: 'merge.example', skipVerificationPaperwork: true })
    expect(after.supportedCurrencies).toEqual(before.supportedCurrencies)
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt))
    expect(after.createdAt).toEqual(before.createdAt)
    expect((await get(platformId, production(platformId))).webhookEndpoint).toBeUndefined()
  })

  it('merges nested objects field by field', async () => {
    const { platformId } = await h.ensure('Nested Co')
    await patch(platformId, {
      embeddedWalletConfig: { appName: 'Acme Wallet' },
      cardTokenization2faConfig: { displayName: 'Acme', email: { fromAddress: 'cards@acme.test' } },
    })
    const config = await patch(platformId, {
      embeddedWalletConfig: { otpLength: 8 },
      cardTokenization2faConfig: { email: { subject: 'Your code' }, sms: { bodyText: 'Code:' } },
    })
    expect(config.embeddedWalletConfig).toEqual({ appName: 'Acme Wallet', otpLength: 8 })
    expect(config.cardTokenization2faConfig).toEqual({
      displayName: 'Acme',
      email: { fromAddress: 'cards@acme.test', subject: 'Your code' },
      sms: { bodyText: 'Code:' },
    })
  })

  it('replaces the currency list and upserts fees by key, a zero fee removing one', async () => {
    const { platformId } = await h.ensure('Lists Co')
    const fee = (bps: number, amount: number) => ({
      feeType: 'CROSS_CURRENCY_TRANSACTION',
      sourceCurrency: 'USD',
      variableFeeBps: bps,
      fixedFee: { amount, currency: 'USD' },
    })
    const feeUpdate = (bps: number, amount: number) => ({ feeConfigs: { items: [{ ...fee(bps, amount), fixedFee: { amount: BigInt(amount), currency: 'USD' } }] } })
    const gbp = { ...usd, currencyCode: 'GBP', requiredCounterpartyFields: [{ name: 'FULL_NAME', mandatory: false }] }
    let config = await patch(platformId, { supportedCurrencies: { items: [gbp, usd] }, ...feeUpdate(30, 100) })
    expect(config.supportedCurrencies).toEqual([{ ...shown(gbp), providerRequiredCustomerFields: ['NATIONALITY', 'BIRTH_DATE'] }, shown(usd)])
    expect(config.feeConfigs).toEqual([fee(30, 100)])
    config = await patch(platformId, feeUpdate(50, 0))
    expect(config.feeConfigs).toEqual([fee(50, 0)])
    config = await patch(platformId, feeUpdate(0, 0))
    expect(config.feeConfigs).toEqual([])
    expect(config.supportedCurrencies.map((c) => c.currencyCode)).toEqual(['GBP', 'USD'])
  })

  it('records PLATFORM.CONFIG_UPDATED carrying the configuration the call answered', async () => {
    const { platformId } = await h.ensure('Event Co')
    const config = await patch(platformId, { webhookEndpoint: 'http://localhost:9000/hooks' })
    const events = (await outboxEvents(h.db, 'PLATFORM.CONFIG_UPDATED')).filter((e) => e.platformId === platformId)
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ environment: 'SANDBOX', data: { id: config.id, webhookEndpoint: 'http://localhost:9000/hooks' } })
    expect(events[0]!.data).toEqual(config)
  })

  it('records PLATFORM.WEBHOOK_ENDPOINT_CHANGED when the endpoint is set or changed, and only then', async () => {
    const { platformId } = await h.ensure('Endpoint Change Co')
    const changes = async () =>
      (await outboxEvents(h.db, 'PLATFORM.WEBHOOK_ENDPOINT_CHANGED')).filter((e) => e.platformId === platformId).map((e) => e.data)
    const first = await patch(platformId, { webhookEndpoint: 'http://localhost:9000/a' })
    await patch(platformId, { webhookEndpoint: 'http://localhost:9000/a', umaDomain: 'same.example' })
    await patch(platformId, { extendedWebhookTypes: true })
    const second = await patch(platformId, { webhookEndpoint: 'http://localhost:9000/b' })
    expect(await changes()).toEqual([
      { webhookEndpoint: 'http://localhost:9000/a', updatedAt: first.updatedAt },
      { webhookEndpoint: 'http://localhost:9000/b', previousWebhookEndpoint: 'http://localhost:9000/a', updatedAt: second.updatedAt },
    ])
    expect(second.extendedWebhookTypes).toBe(true)
  })

  it('serialises concurrent updates so neither loses the other', async () => {
    const { platformId } = await h.ensure('Concurrent Co')
    await Promise.all([
      patch(platformId, { embeddedWalletConfig: { appName: 'A' } }),
      patch(platformId, { embeddedWalletConfig: { otpLength: 6 } }),
      patch(platformId, { embeddedWalletConfig: { alphanumeric: true } }),
    ])
    expect((await get(platformId)).embeddedWalletConfig).toEqual({ appName: 'A', otpLength: 6, alphanumeric: true })
  })

  describe('refuses, changing nothing and recording nothing', () => {
    const cases: [string, UpdatePlatformConfigRequest, string, string[]][] = [
      ['an unknown currency', { supportedCurrencies: { items: [usd, { ...usd, currencyCode: 'XYZ' }] } }, 'INVALID_INPUT', ['supportedCurrencies.1.currencyCode']],
      ['min above max', { supportedCurrencies: { items: [{ ...usd, minAmount: 10n, maxAmount: 9n }] } }, 'INVALID_INPUT', ['supportedCurrencies.0.minAmount']],
      ['a repeated currency', { supportedCurrencies: { items: [usd, usd] } }, 'INVALID_INPUT', ['supportedCurrencies.1.currencyCode']],
      ['an unsafe amount', { supportedCurrencies: { items: [{ ...usd, maxAmount: 2n ** 60n }] } }, 'INVALID_INPUT', ['supportedCurrencies.0.maxAmount']],
      ['an unknown transaction type', { supportedCurrencies: { items: [{ ...usd, enabledTransactionTypes: ['SIDEWAYS'] }] } }, 'INVALID_INPUT', ['supportedCurrencies.0.enabledTransactionTypes.0']],
      ['a non-http webhook', { webhookEndpoint: 'ftp://x.example', umaDomain: 'ok.example' }, 'INVALID_INPUT', ['webhookEndpoint']],
      ['a fee above 100%', { feeConfigs: { items: [{ feeType: 'CROSS_CURRENCY_TRANSACTION', sourceCurrency: 'USD', variableFeeBps: 10_001, fixedFee: { amount: 0n, currency: 'USD' } }] } }, 'INVALID_INPUT', ['feeConfigs.0.variableFeeBps']],
      ['a fee in EUR', { webhookEndpoint: 'https://ok.example', feeConfigs: { items: [{ feeType: 'CROSS_CURRENCY_TRANSACTION', sourceCurrency: 'EUR', variableFeeBps: 1, fixedFee: { amount: 0n, currency: 'EUR' } }] } }, 'NOT_IMPLEMENTED', []],
    ]
    it.each(cases)('%s', async (_name, update, code, fields) => {
      const { platformId } = await h.ensure(`Refused ${_name}`)
      const before = await get(platformId)
      const err = await expectApiError(patch(platformId, update), code)
      if (fields.length > 0) expect((err.details.errors as { field: string }[]).map((e) => e.field)).toEqual(fields)
      expect(await get(platformId)).toEqual(before)
      expect((await outboxEvents(h.db, 'PLATFORM.CONFIG_UPDATED')).filter((e) => e.platformId === platformId)).toEqual([])
    })

    it('the skip-paperwork option outside sandbox', async () => {
      const { platformId } = await h.ensure('Prod Skip Co')
      const err = await expectApiError(patch(platformId, { skipVerificationPaperwork: true }, production(platformId)), 'INVALID_INPUT')
      expect(err.details.errors).toMatchObject([{ field: 'skipVerificationPaperwork' }])
      await expect(patch(platformId, { skipVerificationPaperwork: false }, production(platformId))).resolves.toBeDefined()
    })

    it('a production webhookEndpoint that does not resolve to public addresses only, naming why', async () => {
      const { platformId } = await h.ensure('Prod Webhook Co')
      const before = await get(platformId, production(platformId))
      const refused: [string, string][] = [
        ['https://hooks.inside.example/x', 'hooks.inside.example resolves to 192.168.0.10, a private address'],
        ['https://169.254.169.254/latest/meta-data', '169.254.169.254 is a link-local address'],
        ['https://[::ffff:127.0.0.1]:8080/hooks', '::ffff:7f00:1 is a loopback address'],
        ['https://localhost:9000/hooks', 'localhost names the loopback interface'],
        ['https://metadata.google.internal/computeMetadata/v1', 'metadata.google.internal is an internal name'],
        ['http://hooks.public.example/x', 'a production endpoint must use https'],
        ['https://nowhere.example/hooks', 'nowhere.example does not resolve (ENOTFOUND)'],
      ]
      for (const [webhookEndpoint, reason] of refused) {
        const err = await expectApiError(patch(platformId, { webhookEndpoint }, production(platformId)), 'INVALID_INPUT')
        expect(err.details.errors, webhookEndpoint).toEqual([{ field: 'webhookEndpoint', message: `must resolve to public addresses only: ${reason}` }])
      }
      expect(await get(platformId, production(platformId))).toEqual(before)
      expect((await outboxEvents(h.db, 'PLATFORM.CONFIG_UPDATED')).filter((e) => e.platformId === platformId)).toEqual([])

      const accepted = await patch(platformId, { webhookEndpoint: 'https://hooks.public.example/x' }, production(platformId))
      expect(accepted.webhookEndpoint).toBe('https://hooks.public.example/x')
    })

    it('a sandbox webhookEndpoint at a private address, while loopback is accepted', async () => {
      const { platformId } = await h.ensure('Sandbox Webhook Co')
      const err = await expectApiError(patch(platformId, { webhookEndpoint: 'http://10.0.0.5/hooks' }), 'INVALID_INPUT')
      expect(err.details.errors).toEqual([{ field: 'webhookEndpoint', message: 'must resolve to public or loopback addresses only: 10.0.0.5 is a private address' }])
      expect((await patch(platformId, { webhookEndpoint: 'http://127.0.0.1:9000/hooks' })).webhookEndpoint).toBe('http://127.0.0.1:9000/hooks')
    })
  })
})
