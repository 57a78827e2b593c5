import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sepaEnvOf, startTestBank, type TestBank } from '../../services/payments/test/bank-sftp.js'
import { GERMANY_SEPA_CATALOG } from '../../services/payments/test/catalog-files.js'
import { adminCli } from './admin-cli-runner.js'
import { apiClient, startMesh, type Mesh } from './mesh.js'

/**
 * Production exchange rates and corridors through the public API: a mesh whose payments service
 * prices production from operator rates (RATES_SOURCE=operator) and offers the corridors of a
 * catalogue file (CATALOG_FILE: EUR to Germany from USD or EUR), a PRODUCTION token at the
 * gateway, and the operator's CLI (`pnpm admin rates`) as a child process speaking as the admin identity.
 */
const operatorName = `ops-${randomBytes(4).toString('hex')}@example.com`

let mesh: Mesh
let api: ReturnType<typeof apiClient>
let adminEnv: Record<string, string>
let usd: string
let eur: string
let catalogDir: string
/** The SEPA rail's bank: the catalogue's corridor is over SEPA, which must be connected. */
let bank: TestBank

const { adminJson } = adminCli(() => adminEnv)

beforeAll(async () => {
  catalogDir = mkdtempSync(join(tmpdir(), 'rates-e2e-'))
  writeFileSync(join(catalogDir, 'catalog.yaml'), GERMANY_SEPA_CATALOG)
  bank = await startTestBank()
  writeFileSync(join(catalogDir, 'sftp.key'), bank.settings.privateKey, { mode: 0o600 })
  const sepa = sepaEnvOf(bank, join(catalogDir, 'sftp.key'))
  mesh = await startMesh({ env: { RATES_SOURCE: 'operator', CATALOG_FILE: join(catalogDir, 'catalog.yaml'), ...sepa } })
  adminEnv = {
    ...mesh.identity('admin'),
    PLATFORM_OPERATOR_GRPC_ADDRESS: mesh.operatorAddress('platform'),
    PAYMENTS_OPERATOR_GRPC_ADDRESS: mesh.operatorAddress('payments'),
    ADMIN_OPERATOR: operatorName,
  }
  const platform = await mesh.createPlatform(`e2e-rates-${randomBytes(4).toString('hex')}`, { regulated: true })
  api = apiClient(mesh, platform.production)
  const accountOf = async (currency: string) => (await api('GET', `/platform/internal-accounts?currency=${currency}`)).body.data?.[0]?.id as string | undefined
  await waitUntil(async () => (usd = (await accountOf('USD'))!) !== undefined, "the platform's production USD account", 30_000)
  await waitUntil(async () => (eur = (await accountOf('EUR'))!) !== undefined, "the platform's production EUR account", 30_000)
}, 240_000)

afterAll(async () => {
  await mesh?.stop()
  await bank?.close()
  if (catalogDir) rmSync(catalogDir, { recursive: true, force: true })
})

const quoteUsdToEur = (amount: number) =>
  api('POST', '/quotes', {
    source: { sourceType: 'ACCOUNT', accountId: usd },
    destination: { destinationType: 'ACCOUNT', accountId: eur },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
  })

describe('production exchange rates', () => {
  it('a corridor without a rate is refused by name; once the operator sets one, the quote carries the applied rate and the amount it gives', async () => {
    const refused = await quoteUsdToEur(12_345)
    expect(refused.status, JSON.stringify(refused.body)).toBe(400)
    expect(refused.body).toMatchObject({ code: 'QUOTE_RATE_UNAVAILABLE', details: { corridor: 'USD/EUR' } })

    const set = await adminJson('rates', 'set', 'USD', 'EUR', '0.92', '--spread-bps', '50', '--valid-for', '24h')
    expect(set).toMatchObject({ sourceCurrency: 'USD', destinationCurrency: 'EUR', midRate: '0.92', spreadBps: 50, appliedRate: '0.9154', setBy: operatorName })

    const quote = await quoteUsdToEur(12_345)
    expect(quote.status, JSON.stringify(quote.body)).toBe(201)
    // 123.45 USD at 0.92 less 0.5 %: 113.00613 EUR, rounded down to the cent
    expect(quote.body).toMatchObject({ sendingCurrency: { code: 'USD' }, receivingCurrency: { code: 'EUR' }, exchangeRate: 0.9154, totalReceivingAmount: 11_300 })
    expect(quote.body.rateDetails.counterpartyMultiplier).toBe(0.9154)

    const listed = await adminJson('rates', 'list')
    expect(listed).toEqual([expect.objectContaining({ id: set.id, appliedRate: '0.9154' })])

    // GET /exchange-rates lists the catalogue's corridors alone: EUR to USD has a derived rate, but
    // no corridor, so no quote could take it
    const corridors = async (source: string) =>
      ((await api('GET', `/exchange-rates?sourceCurrency=${source}`)).body.data as any[]).map((r) => `${r.sourceCurrency.code}/${r.destinationCurrency.code}`)
    expect(await corridors('USD')).toEqual(['USD/EUR'])
    expect(await corridors('EUR')).toEqual([])
  })
})

describe('production corridors', () => {
  it("discoveries list the catalogue's institutions, and a corridor outside it is refused by name", async () => {
    const banks = await api('GET', '/discoveries?currency=EUR')
    expect(banks.status, JSON.stringify(banks.body)).toBe(200)
    expect(banks.body.data).toEqual([
      expect.objectContaining({ bankName: 'Deutsche Bank', country: 'DE', currency: 'EUR' }),
      expect.objectContaining({ bankName: 'Commerzbank', country: 'DE', currency: 'EUR' }),
    ])
    const refused = await api('POST', '/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: eur },
      destination: { destinationType: 'ACCOUNT', accountId: usd },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 1_000,
    })
    expect(refused.status, JSON.stringify(refused.body)).toBe(501)
    expect(refused.body).toMatchObject({ code: 'NOT_IMPLEMENTED', details: { corridor: 'EUR/USD', setting: 'CATALOG_FILE' } })
  })
})
