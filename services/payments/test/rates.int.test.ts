import { randomBytes } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { callUnary, createGrpcClient, startGrpcServer, type RunningGrpcServer } from '@pp/grpc'
import { createLogger } from '@pp/logging'
import { PaymentsCatalogServiceClient } from '@pp/proto/payments/v1/catalog'
import { PaymentsOperatorServiceClient } from '@pp/proto/payments/v1/operator'
import type { Caller } from '@pp/tenancy'
import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogDepsFrom, productionRateDeps } from '../src/build-deps.js'
import { open } from '../src/db/client.js'
import type { RatesSettings } from '../src/domain/rates/settings.js'
import { offersCorridor, parseCatalogFile } from '../src/providers/catalog/catalog-file.js'
import { configuredCatalog } from '../src/providers/catalog/configured-catalog.js'
import { catalogServiceRegistration } from '../src/rpc/catalog-service.js'
import { paymentsOperatorRegistration } from '../src/rpc/operator-service.js'
import { GERMANY_SEPA_CATALOG } from './catalog-files.js'
import { balances, failure, newPlatform, quoteOf, SLOW_CALL_MS, startHarness, type Harness } from './harness.js'
import { referenceRatesXml } from './reference-rates.js'

/**
 * Production exchange rates inside payments: real ledger, platform and customers processes, a real
 * Postgres. A production platform converts between its own USD and EUR accounts (no bank rail is
 * needed between internal accounts), priced by operator rates set through the operator gRPC
 * service, then by a reference-rate feed read from a file and from an HTTP server on the loopback.
 */
const HOUR_MS = 3_600_000
const logger = createLogger('rates-it', 'silent')
const folder = mkdtempSync(join(tmpdir(), 'rates-it-'))
let h: Harness
let operatorServer: RunningGrpcServer
let operator: PaymentsOperatorServiceClient
let feedServer: Server
let ctx: Caller
let usd: string
let eur: string
let feedRequests = 0
let servedFeed = ''

/** The platform's production account in `currency`, once the ledger opened it. */
async function platformAccount(currency: string): Promise<string> {
  let id = ''
  await waitUntil(async () => {
    const { pageJson } = await callUnary(h.accounts, h.accounts.listPlatformInternalAccounts, { currency, limit: 10 }, ctx, SLOW_CALL_MS)
    id = (JSON.parse(pageJson) as { data: Array<{ id: string; type: string }> }).data.find((a) => a.type === 'INTERNAL_FIAT')?.id ?? ''
    return id !== ''
  }, `the ledger to open the platform's production ${currency} account`, 30_000)
  return id
}

beforeAll(async () => {
  h = await startHarness()
  operatorServer = await startGrpcServer('127.0.0.1:0', [paymentsOperatorRegistration(h.deps, logger)], logger)
  operator = createGrpcClient(PaymentsOperatorServiceClient, `127.0.0.1:${operatorServer.port}`)
  feedServer = createServer((request, response) => {
    feedRequests += 1
    response.writeHead(request.url === '/eurofxref-daily.xml' ? 200 : 404, { 'content-type': 'text/xml' }).end(servedFeed)
  })
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve))
  ctx = { ...(await newPlatform(h, { regulated: true })), environment: 'PRODUCTION' }
  ;[usd, eur] = await Promise.all([platformAccount('USD'), platformAccount('EUR')])
  await h.deps.services.transfer(ctx, `Transfer:fund-${randomBytes(6).toString('hex')}`, 'PAYMENT', [
    { debit: { system: 'FUNDING', currency: 'USD' }, credit: { accountId: usd }, currency: 'USD', amount: '10000000' },
    { debit: { system: 'FUNDING', currency: 'EUR' }, credit: { accountId: eur }, currency: 'EUR', amount: '10000000' },
  ])
}, 180_000)

afterAll(async () => {
  operator?.close()
  await operatorServer?.shutdown()
  await new Promise((resolve) => feedServer?.close(resolve))
  await h?.stop()
})

/** Production priced as the process would be with these settings, its clock `now`. */
function useRates(settings: RatesSettings | undefined, now: () => Date = () => new Date()): void {
  const production = productionRateDeps(settings, 300_000, h.db, logger, now)
  h.deps.rates.PRODUCTION = production.rates
  h.deps.operatorRates = production.operatorRates
}

/** Converts `amount` of `from`'s currency into the other account, executed at once. */
const convert = (from: string, to: string, amount: bigint) =>
  callUnary(
    h.payments,
    h.payments.createQuote,
    { source: { sourceType: 'ACCOUNT', accountId: from }, destination: { destinationType: 'ACCOUNT', accountId: to }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: amount, immediatelyExecute: true },
    ctx,
    SLOW_CALL_MS,
  ).then(quoteOf)

/** The rate the quote was stored with, as the exact decimal string. */
const storedRateOf = async (quoteId: string): Promise<string> =>
  (await open(h.db).$queryRaw<Array<{ exchange_rate: string }>>`SELECT "exchange_rate" FROM "quotes" WHERE "id" = ${quoteId}`)[0]!.exchange_rate

const available = async (account: string) => (await balances(h, ctx, [{ accountId: account }]))[0]!.available

const setRate = (request: { sourceCurrency: string; destinationCurrency: string; midRate: string; spreadBps: number; validFrom?: Date; validUntil: Date }) =>
  callUnary(operator, operator.setExchangeRate, { ...request, setBy: 'ops@rates-it' }, {}, SLOW_CALL_MS).then((answer) => answer.rate!)

const today = () => new Date().toISOString().slice(0, 10)

describe('production exchange rates', () => {
  it('operator rates: a conversion is priced at the mid less the spread, the opposite direction derived; the amount received is the amount sent times the rate on the quote, rounded down to the cent', async () => {
    useRates({ source: 'operator' })
    const refused = await failure(convert(usd, eur, 12_345n))
    expect(refused).toMatchObject({ code: 'QUOTE_RATE_UNAVAILABLE', details: { corridor: 'USD/EUR' } })

    const set = await setRate({ sourceCurrency: 'USD', destinationCurrency: 'EUR', midRate: '0.92', spreadBps: 50, validUntil: new Date(Date.now() + 24 * HOUR_MS) })
    expect(set).toMatchObject({ midRate: '0.92', spreadBps: 50, appliedRate: '0.9154', setBy: 'ops@rates-it' })
    const eurBefore = await available(eur)
    const quote = await convert(usd, eur, 12_345n)
    expect(quote.exchangeRate).toBe(0.9154)
    expect(await storedRateOf(quote.id)).toBe('0.9154')
    // 123.45 USD × 0.9154 = 113.00613 EUR
    expect(quote.totalReceivingAmount).toBe(11_300)
    await waitUntil(async () => (await available(eur)) - eurBefore === 11_300n, 'the EUR account to receive 113.00', 30_000)

    const back = await convert(eur, usd, 5_000n)
    // 1 / 0.92 = 1.086956521739130435, less 0.5 %: 1.081521739130434782; 50.00 EUR buy 54.07 USD
    expect(await storedRateOf(back.id)).toBe('1.081521739130434782')
    expect(back.totalReceivingAmount).toBe(5_407)

    const { rates } = await callUnary(operator, operator.listExchangeRates, { includeExpired: false, limit: 10 }, {}, SLOW_CALL_MS)
    expect(rates.map((r) => r.id)).toContain(set.id)
  })

  it('operator rates: a rate that ended prices nothing, cached or not, and one cannot be set already ended', async () => {
    // a period of its own, a month ahead, so no other rate of the pair is current in it
    const start = new Date(Date.now() + 30 * 24 * HOUR_MS)
    let clock = new Date(start.getTime() + HOUR_MS / 2)
    useRates({ source: 'operator' }, () => clock)
    await setRate({ sourceCurrency: 'USD', destinationCurrency: 'EUR', midRate: '0.5', spreadBps: 0, validFrom: start, validUntil: new Date(start.getTime() + HOUR_MS) })
    expect(await h.deps.rates.PRODUCTION.rate('USD', 'EUR')).toMatchObject({ rate: '0.5' })
    clock = new Date(start.getTime() + 2 * HOUR_MS)
    const refused = await failure(convert(usd, eur, 10_000n))
    expect(refused).toMatchObject({ code: 'QUOTE_RATE_UNAVAILABLE', message: expect.stringContaining('no operator rate'), details: { corridor: 'USD/EUR' } })

    const ended = await failure(setRate({ sourceCurrency: 'USD', destinationCurrency: 'EUR', midRate: '0.5', spreadBps: 0, validFrom: new Date(Date.now() - 2 * HOUR_MS), validUntil: new Date(Date.now() - HOUR_MS) }))
    expect(ended).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [expect.objectContaining({ field: 'validUntil' })] } })
  })

  it('the reference-rate feed read from a file: the cross rate through the euro, less the spread', async () => {
    const path = join(folder, 'eurofxref-daily.xml')
    writeFileSync(path, referenceRatesXml([{ time: today(), rates: { USD: '1.0612', JPY: '158.12' } }]))
    useRates({ source: 'feed', url: pathToFileURL(path).href, baseCurrency: 'EUR', maxAgeMs: 96 * HOUR_MS, spreadBps: 25, timeoutMs: 10_000 })
    const quote = await convert(usd, eur, 12_345n)
    // 1 / 1.0612 = 0.942329438371654730, less 0.25 %: 0.939973614775725593
    expect(await storedRateOf(quote.id)).toBe('0.939973614775725593')
    expect(quote.totalReceivingAmount).toBe(11_603)
  })

  it('the reference-rate feed read from an HTTP server', async () => {
    servedFeed = referenceRatesXml([{ time: today(), rates: { USD: '1.0543' } }])
    const before = feedRequests
    const url = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/eurofxref-daily.xml`
    useRates({ source: 'feed', url, baseCurrency: 'EUR', maxAgeMs: 96 * HOUR_MS, spreadBps: 0, timeoutMs: 10_000 })
    const quote = await convert(usd, eur, 12_345n)
    expect(await storedRateOf(quote.id)).toBe('0.948496632836953429')
    expect(quote.totalReceivingAmount).toBe(11_709)
    // the cache answers the next quote
    await convert(usd, eur, 100n)
    expect(feedRequests - before).toBe(1)
  })

  it('a stale feed prices nothing: the corridor is named', async () => {
    const path = join(folder, 'stale.xml')
    const old = new Date(Date.now() - 10 * 24 * HOUR_MS).toISOString().slice(0, 10)
    writeFileSync(path, referenceRatesXml([{ time: old, rates: { USD: '1.0612' } }]))
    useRates({ source: 'feed', url: pathToFileURL(path).href, baseCurrency: 'EUR', maxAgeMs: 96 * HOUR_MS, spreadBps: 0, timeoutMs: 10_000 })
    const refused = await failure(convert(eur, usd, 10_000n))
    expect(refused).toMatchObject({
      code: 'QUOTE_RATE_UNAVAILABLE',
      message: expect.stringContaining(`of ${old}, older than RATES_FEED_MAX_AGE_HOURS (96 h)`),
      details: { corridor: 'EUR/USD' },
    })
  })
})

describe('production corridors from CATALOG_FILE', () => {
  it('discoveries list what the file declares, and quotes outside its corridors are refused naming the corridor', async () => {
    const file = parseCatalogFile(GERMANY_SEPA_CATALOG)
    // the process's wiring with CATALOG_FILE set: the quote rule in its deps, the file's catalogue in the catalogue service
    h.deps.corridors = { offers: (from, to) => offersCorridor(file, from, to) }
    const catalogServer = await startGrpcServer('127.0.0.1:0', [catalogServiceRegistration(catalogDepsFrom(h.deps, configuredCatalog(file)), logger)], logger)
    const catalog = createGrpcClient(PaymentsCatalogServiceClient, `127.0.0.1:${catalogServer.port}`)
    try {
      const banks = await callUnary(catalog, catalog.listDiscoveries, { currency: 'EUR' }, ctx, SLOW_CALL_MS)
      expect(banks.data.map((d) => [d.bankName, d.country])).toEqual([['Deutsche Bank', 'DE'], ['Commerzbank', 'DE']])
      expect((await callUnary(catalog, catalog.listDiscoveries, { country: 'US' }, ctx, SLOW_CALL_MS)).data).toEqual([])

      useRates({ source: 'operator' })
      await setRate({ sourceCurrency: 'EUR', destinationCurrency: 'USD', midRate: '1.05', spreadBps: 0, validUntil: new Date(Date.now() + HOUR_MS) })
      const refused = await failure(convert(eur, usd, 10_000n))
      expect(refused).toMatchObject({ code: 'NOT_IMPLEMENTED', details: { corridor: 'EUR/USD', setting: 'CATALOG_FILE' } })
      // USD to EUR is declared: priced as the rates say (here the inverse of the rate just set, or a USD/EUR rate of the tests above)
      expect((await convert(usd, eur, 10_000n)).sendingCurrency).toMatchObject({ code: 'USD' })
    } finally {
      h.deps.corridors = undefined
      catalog.close()
      await catalogServer.shutdown()
    }
  })
})
