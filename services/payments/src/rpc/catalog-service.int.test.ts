import { join } from 'node:path'
import { createSqlPool, findSchemaDrift, type SqlPool } from '@pp/db'
import { ApiError } from '@pp/errors'
import { callUnary, createGrpcClient, startGrpcServer, unaryService, type HandlerContext, type RunningGrpcServer } from '@pp/grpc'
import type { Caller } from '@pp/tenancy'
import { newId } from '@pp/ids'
import { createLogger } from '@pp/logging'
import { ExternalAccountsServiceService, type CheckExternalAccountUsableRequest } from '@pp/proto/ledger/v1/external_accounts'
import { InternalAccountsServiceService, type GetInternalAccountFactsRequest } from '@pp/proto/ledger/v1/internal_accounts'
import { PaymentsCatalogServiceClient } from '@pp/proto/payments/v1/catalog'
import { PlatformServiceService } from '@pp/proto/platform/v1/platform'
import { createTestDatabase, type TestDatabase } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogDepsFrom } from '../build-deps.js'
import { grpcServices } from '../clients/services.js'
import type { Services } from '../domain/deps.js'
import { open, openDb, type Db } from '../db/client.js'
import { receiverLookupStore } from '../db/receiver-lookups.db.js'
import { sandboxPayoutRail, unconfiguredPayoutRail } from '../providers/rails/payout-rails.js'
import { cachedRateSource } from '../providers/rates/rate-cache.js'
import { sandboxRateSource, unconfiguredRateSource } from '../providers/rates/rate-sources.js'
import { catalogServiceRegistration } from './catalog-service.js'

const logger = createLogger('catalog-int-test', 'silent')
const PRISMA = join(import.meta.dirname, '../../prisma')
const PLATFORM_A: Caller = { platformId: 'Platform:a', environment: 'SANDBOX', requestId: 'req-a' }
const PLATFORM_B: Caller = { platformId: 'Platform:b', environment: 'SANDBOX', requestId: 'req-b' }
const USDC_WALLET = newId('InternalAccount')
const EUR_ACCOUNT = newId('ExternalAccount')
const CUSTOMER = newId('Customer')

/** Platform A's accounts in the stub ledger; every other tenant has none. */
const owned = (ctx: HandlerContext, id: string, ids: string[]) => {
  if (ctx.platformId !== PLATFORM_A.platformId || !ids.includes(id)) throw new ApiError('ACCOUNT_NOT_FOUND')
}

function stubLedgerAndPlatform() {
  const internal = unaryService(logger, {
    async getInternalAccountFacts(request: GetInternalAccountFactsRequest, ctx) {
      owned(ctx, request.accountId, [USDC_WALLET])
      return { facts: { id: request.accountId, type: 'INTERNAL_CRYPTO', status: 'ACTIVE', currency: 'USDC' } }
    },
  })
  const external = unaryService(logger, {
    async checkExternalAccountUsable(request: CheckExternalAccountUsableRequest, ctx) {
      owned(ctx, request.externalAccountId, [EUR_ACCOUNT])
      return {
        facts: { id: request.externalAccountId, currency: 'EUR', isOwnershipVerified: true, iban: 'DE89370400440532013000', paymentRails: ['SEPA_INSTANT', 'SEPA'] },
      }
    },
  })
  // platform A charges 1.00 USD plus 30 bps on cross-currency transfers from USD
  const platform = unaryService(logger, {
    async getPlatformFacts(_request: object, ctx: HandlerContext) {
      const feeConfigs =
        ctx.platformId === PLATFORM_A.platformId
          ? [{ feeType: 'CROSS_CURRENCY_TRANSACTION', sourceCurrency: 'USD', variableFeeBps: 30, fixedFee: { amount: 100n, currency: 'USD' } }]
          : []
      return { facts: { supportedCurrencies: [], isRegulatedFinancialInstitution: false, skipVerificationPaperwork: false, feeConfigs } }
    },
  })
  return startGrpcServer(
    '127.0.0.1:0',
    [
      { name: 'ledger.v1.InternalAccountsService', definition: InternalAccountsServiceService, implementation: internal },
      { name: 'ledger.v1.ExternalAccountsService', definition: ExternalAccountsServiceService, implementation: external },
      { name: 'platform.v1.PlatformService', definition: PlatformServiceService, implementation: platform },
    ],
    logger,
  )
}

let database: TestDatabase
let db: Db
let sql: SqlPool
let stubs: RunningGrpcServer
let services: Services
let server: RunningGrpcServer
let client: PaymentsCatalogServiceClient

beforeAll(async () => {
  database = await createTestDatabase('payments_catalog', join(PRISMA, 'migrations'))
  db = openDb(database.url)
  sql = createSqlPool(database.url)
  stubs = await stubLedgerAndPlatform()
  const address = `127.0.0.1:${stubs.port}`
  // no embedded-wallet quotes here: wallet-auth is never asked
  services = grpcServices({ ledger: address, customers: address, platform: address, walletAuth: address })
  const delays = { PENDING_FAILURE: 1, SLOW_SETTLEMENT: 1, RETURN: 1 }
  const deps = {
    db,
    sql,
    services,
    lookups: receiverLookupStore(db),
    // as the process wires them: behind this replica's rate cache
    rates: { SANDBOX: cachedRateSource(sandboxRateSource(), 300_000, () => new Date()), PRODUCTION: unconfiguredRateSource() },
    rails: { SANDBOX: sandboxPayoutRail, PRODUCTION: unconfiguredPayoutRail },
    settings: { quoteTtlMs: 60_000, serviceFeeBps: 20, sizeLimits: new Map([['USD', 50_000_000n]]), delays },
    now: () => new Date(),
    idempotencyKeyTtlMs: 24 * 3_600_000,
    logger,
  }
  server = await startGrpcServer('127.0.0.1:0', [catalogServiceRegistration(catalogDepsFrom(deps), logger)], logger)
  client = createGrpcClient(PaymentsCatalogServiceClient, `127.0.0.1:${server.port}`)
})

afterAll(async () => {
  client?.close()
  services?.close()
  await server?.shutdown()
  await stubs?.shutdown()
  await open(db)?.$disconnect()
  await sql?.end()
  await database?.drop()
})

it('migrates the receiver look-up table to exactly its Prisma model', async () => {
  const drift = await findSchemaDrift(database.url, join(PRISMA, 'schema'))
  expect(drift.filter((problem) => problem.includes('receiver_lookups'))).toEqual([])
})

describe('GetExchangeRates', () => {
  it("applies the service's and the platform's fees and says when the rate was read", async () => {
    const before = Date.now()
    const { data } = await callUnary(client, client.getExchangeRates, { sourceCurrency: 'USD', destinationCurrencies: ['EUR'], sendingAmount: 100_000n }, PLATFORM_A)
    // 100000 - 100 fixed = 99900 = principal × 1.005 (20 + 30 bps) → principal 99402, fees 598
    expect(data).toEqual([
      expect.objectContaining({ sendingAmount: 100_000n, maxSendingAmount: 50_000_000n, fees: { fixed: 100n, total: 598n }, receivingAmount: 92_038n, exchangeRate: '1.08' }),
    ])
    expect(data[0]!.updatedAt!.getTime()).toBeGreaterThanOrEqual(before - 1)
    const other = await callUnary(client, client.getExchangeRates, { sourceCurrency: 'USD', destinationCurrencies: ['EUR'], sendingAmount: 100_000n }, PLATFORM_B)
    expect(other.data[0]!.fees).toEqual({ fixed: 0n, total: 200n })
    // one read per replica within the cache lifetime: the second tenant saw the same instant
    expect(other.data[0]!.updatedAt).toEqual(data[0]!.updatedAt)
  })
})

describe('EstimateCryptoWithdrawalFee', () => {
  const request = { internalAccountId: USDC_WALLET, currency: 'USDC', cryptoNetwork: 'BASE', amount: 5_000_000n, destinationAddress: `0x${'1f'.repeat(20)}` }

  it("prices a withdrawal from the tenant's crypto account", async () => {
    expect(await callUnary(client, client.estimateCryptoWithdrawalFee, request, PLATFORM_A)).toEqual({
      networkFee: 2_000_000_000_000n,
      networkFeeAsset: 'ETH',
      applicationFee: 0n,
      totalFee: 6_000n,
      netAmount: 4_994_000n,
    })
  })

  it("404s another tenant's account", async () => {
    await expect(callUnary(client, client.estimateCryptoWithdrawalFee, request, PLATFORM_B)).rejects.toMatchObject({ code: 'ACCOUNT_NOT_FOUND', status: 404 })
  })
})

describe('receiver look-ups', () => {
  it('keeps an UMA look-up under its tenant for the quote that names it', async () => {
    const answer = await callUnary(client, client.lookupUma, { receiverUmaAddress: '$ana@uma.sandbox-eu.example', customerId: CUSTOMER }, PLATFORM_A)
    expect(answer).toMatchObject({ receiverUmaAddress: '$ana@uma.sandbox-eu.example', lookup: { supportedCurrencies: [{ currency: { code: 'EUR' }, estimatedExchangeRate: '1.08' }] } })
    const lookupId = answer.lookup!.lookupId
    const lookups = receiverLookupStore(db)
    expect(await lookups.find(PLATFORM_A, lookupId)).toMatchObject({ kind: 'UMA_ADDRESS', receiver: '$ana@uma.sandbox-eu.example', customerId: CUSTOMER, supportedCurrencies: ['EUR'] })
    expect(await lookups.find(PLATFORM_B, lookupId)).toBeUndefined()
  })

  it('answers UMA_NOT_FOUND through gRPC and keeps nothing', async () => {
    const before = await open(db).receiverLookup.count()
    await expect(callUnary(client, client.lookupUma, { receiverUmaAddress: '$nobody404@uma.me', customerId: CUSTOMER }, PLATFORM_A)).rejects.toMatchObject({ code: 'UMA_NOT_FOUND', status: 404 })
    expect(await open(db).receiverLookup.count()).toBe(before)
  })

  it("looks up the tenant's external account through the ledger, and 404s another tenant's", async () => {
    const answer = await callUnary(client, client.lookupExternalAccount, { accountId: EUR_ACCOUNT, senderUmaAddress: '$payer@uma.sandbox-us.example' }, PLATFORM_A)
    expect(answer).toMatchObject({ accountId: EUR_ACCOUNT, lookup: { supportedCurrencies: [{ currency: { code: 'EUR' } }], requiredPayerDataFields: [{ name: 'FULL_NAME', mandatory: true }] } })
    expect(await receiverLookupStore(db).find(PLATFORM_A, answer.lookup!.lookupId)).toMatchObject({ kind: 'EXTERNAL_ACCOUNT', receiver: EUR_ACCOUNT, senderUmaAddress: '$payer@uma.sandbox-us.example' })
    await expect(callUnary(client, client.lookupExternalAccount, { accountId: EUR_ACCOUNT, customerId: CUSTOMER }, PLATFORM_B)).rejects.toMatchObject({ code: 'ACCOUNT_NOT_FOUND' })
  })
})

describe('directories', () => {
  it('pages UMA providers and VASPs and filters discoveries over gRPC', async () => {
    const providers = await callUnary(client, client.listUmaProviders, { limit: 2, sortOrder: 'asc' }, PLATFORM_A)
    expect(providers).toMatchObject({ hasMore: true, totalCount: 6, data: [{ name: 'Sandbox Bank Brasil', supportedCurrencies: [{ code: 'BRL', decimals: 2 }, { code: 'USD' }] }, { name: 'Sandbox Europe Payments' }] })
    const vasps = await callUnary(client, client.listVasps, { limit: 100 }, PLATFORM_A)
    expect(vasps.data).toContainEqual({ vaspName: 'Kraken', url: 'https://www.kraken.com' })
    const banks = await callUnary(client, client.listDiscoveries, { country: 'KE' }, PLATFORM_A)
    expect(banks.data.map((d) => d.bankName)).toEqual(['M-Pesa', 'Equity Bank', 'KCB'])
    await expect(callUnary(client, client.listDiscoveries, {}, { ...PLATFORM_A, environment: 'PRODUCTION' })).rejects.toMatchObject({ code: 'NOT_IMPLEMENTED' })
  })
})
