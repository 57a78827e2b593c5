import { callUnary, createGrpcClient, type RunningGrpcServer } from '@pp/grpc'
import type { Caller } from '@pp/tenancy'
import { createLogger } from '@pp/logging'
import { InternalAccountsServiceClient } from '@pp/proto/ledger/v1/internal_accounts'
import { LedgerServiceClient, SystemAccountKind, TransferCode, type AccountRef, type TransferLeg } from '@pp/proto/ledger/v1/ledger'
import { createSqlPool } from '@pp/db'
import { createTestDatabase, type TestDatabase } from '@pp/testing'
import { open, openDb, type Db } from '../src/db/client.js'
import type { LedgerDeps } from '../src/domain/deps.js'
import { bankAccountSealing } from '../src/domain/external-accounts/bank-account-sealing.js'
import { externalAccountsDeps } from '../src/external-accounts-deps.js'
import type { CollectionAccounts } from '../src/domain/internal-accounts/collection-accounts.js'
import type { AccountPage } from '../src/domain/internal-accounts/list-internal-accounts.js'
import type { InternalAccountView } from '../src/domain/internal-accounts/types.js'
import type { PlatformConfigSource, PlatformSettings } from '../src/domain/platform-settings.js'
import { holderFromCustomer } from '../src/domain/provisioning/holder.js'
import { provisionCustomer } from '../src/domain/provisioning/provision-customer.js'
import type { Tenant } from '../src/domain/types.js'
import { ledgerServiceRegistrations, startLedgerServer } from '../src/rpc/server.js'
import { ACH_WINDOW_MS, CHALLENGE_TTL_MS, IDEMPOTENCY_KEY_TTL_MS, InMemoryCustomers, TEST_BANK_ACCOUNT_DATA_KEY } from './external-accounts-harness.js'
import { MIGRATIONS_DIR } from './paths.js'

const DEFAULT_SETTINGS: PlatformSettings = { isRegulatedFinancialInstitution: false, supportedCurrencies: ['USD', 'EUR', 'USDB'] }

/** The platform service's configuration, per tenant, held in memory. */
export class InMemoryPlatformConfig implements PlatformConfigSource {
  private readonly settings = new Map<string, PlatformSettings>()

  set(tenant: Tenant, settings: Partial<PlatformSettings>): void {
    this.settings.set(`${tenant.platformId}/${tenant.environment}`, { ...DEFAULT_SETTINGS, ...settings })
  }

  async getSettings(tenant: Tenant): Promise<PlatformSettings> {
    return this.settings.get(`${tenant.platformId}/${tenant.environment}`) ?? DEFAULT_SETTINGS
  }
}

export interface Harness {
  database: TestDatabase
  db: Db
  deps: LedgerDeps
  platforms: InMemoryPlatformConfig
  ledger: LedgerServiceClient
  accounts: InternalAccountsServiceClient
  stop(): Promise<void>
}

/**
 * A fresh migrated database and the real gRPC server on a free port, called through the generated
 * clients; `collection` gives production accounts the deployment's collection accounts.
 */
export async function startHarness(name: string, poolMax?: number, collection: CollectionAccounts = {}): Promise<Harness> {
  const database = await createTestDatabase(`ledger_${name}`, MIGRATIONS_DIR)
  const db = openDb(database.url, poolMax)
  const sql = createSqlPool(database.url, poolMax)
  const platforms = new InMemoryPlatformConfig()
  const now = () => new Date()
  const externalAccounts = externalAccountsDeps(
    { db, sql, now, idempotencyKeyTtlMs: IDEMPOTENCY_KEY_TTL_MS, customers: new InMemoryCustomers(), sealing: bankAccountSealing(TEST_BANK_ACCOUNT_DATA_KEY) },
    { achValidationWindowMs: ACH_WINDOW_MS, challengeTtlMs: CHALLENGE_TTL_MS },
  )
  const deps: LedgerDeps = { db, sql, platformConfig: platforms, now, idempotencyKeyTtlMs: IDEMPOTENCY_KEY_TTL_MS, externalAccounts, collection }
  const logger = createLogger('ledger-test', 'silent')
  const server: RunningGrpcServer = await startLedgerServer('127.0.0.1:0', ledgerServiceRegistrations(deps, logger), logger)
  const address = `127.0.0.1:${server.port}`
  const ledger = createGrpcClient(LedgerServiceClient, address)
  const accounts = createGrpcClient(InternalAccountsServiceClient, address)
  return {
    database,
    db,
    deps,
    platforms,
    ledger,
    accounts,
    async stop() {
      ledger.close()
      accounts.close()
      await server.shutdown()
      await open(db).$disconnect()
      await sql.end()
      await database.drop()
    },
  }
}

let counter = 0

/** A tenant of its own for each test, so tests never see each other's accounts. */
export function newTenant(environment: Caller['environment'] = 'SANDBOX'): Caller {
  counter += 1
  return { platformId: `Platform:test-${process.pid}-${counter}`, environment, requestId: `req-${counter}` }
}

export const tenantOf = ({ platformId, environment }: Caller): Tenant => ({ platformId, environment })

let customerCounter = 0

/** A customer event's data: the customer as the API shows it. */
export function customerData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  customerCounter += 1
  return {
    id: `Customer:test-${process.pid}-${customerCounter}`,
    customerType: 'INDIVIDUAL',
    platformCustomerId: `pc-${customerCounter}`,
    kycStatus: 'APPROVED',
    agreementConsents: [{ type: 'SERVICE_END_USER_TERMS', termsVersion: '2025-10-13', acceptedAt: '2025-10-14T10:00:00.000Z' }],
    createdAt: '2025-10-14T10:00:00.000Z',
    updatedAt: '2025-10-14T10:00:00.000Z',
    isDeleted: false,
    ...overrides,
  }
}

/** The account an answer carries, as the API's JSON. */
export const shownAccount = ({ accountJson }: { accountJson: string }): InternalAccountView => JSON.parse(accountJson) as InternalAccountView

/** The page of accounts an answer carries, as the API's JSON. */
export const shownPage = ({ pageJson }: { pageJson: string }): AccountPage => JSON.parse(pageJson) as AccountPage

/** Provisions an approved, consenting customer through the event handler's use case; answers its accounts. */
export async function activeCustomer(h: Harness, ctx: Caller, overrides: Record<string, unknown> = {}): Promise<InternalAccountView[]> {
  const data = customerData(overrides)
  await provisionCustomer(h.deps, tenantOf(ctx), holderFromCustomer(data)!)
  return shownPage(await callUnary(h.accounts, h.accounts.listCustomerInternalAccounts, { customerId: String(data.id), limit: 100 }, ctx)).data
}

export const accountOf = (accounts: InternalAccountView[], currency: string, type = 'INTERNAL_FIAT'): InternalAccountView => {
  const found = accounts.find((a) => currencyOf(a) === currency && a.type === type)
  if (!found) throw new Error(`no ${type} ${currency} account`)
  return found
}

export const currencyOf = (account: InternalAccountView): string => account.balance.currency.code

/** An account by id, or a system account of the tenant by kind and currency. */
export const byId = (accountId: string): AccountRef => ({ accountId })
export const funding = (currency: string): AccountRef => ({ system: { kind: SystemAccountKind.SYSTEM_ACCOUNT_KIND_FUNDING, currency } })

export const leg = (debit: AccountRef, credit: AccountRef, amount: bigint, currency = 'USD'): TransferLeg => ({ debit, credit, currency, amount })

let transferCounter = 0
export const transferId = (): string => `Transfer:test-${process.pid}-${++transferCounter}`

/** Credits an account from the tenant's funding account. */
export async function fund(h: Harness, ctx: Caller, accountId: string, amount: bigint, currency = 'USD'): Promise<void> {
  const request = { transferId: transferId(), code: TransferCode.TRANSFER_CODE_FUNDING, legs: [leg(funding(currency), byId(accountId), amount, currency)] }
  await callUnary(h.ledger, h.ledger.createTransfer, request, ctx)
}

/** The available and total balance of each account, by id. */
export async function balancesOf(h: Harness, ctx: Caller, ids: string[]): Promise<Array<{ available: bigint; total: bigint }>> {
  const { balances } = await callUnary(h.ledger, h.ledger.getBalances, { accounts: ids.map(byId) }, ctx)
  return balances.map(({ available, total }) => ({ available, total }))
}

/** The ApiError a call rejected with, for asserting code and details. */
export async function failure(promise: Promise<unknown>): Promise<{ code: string; reason: string; details: Record<string, unknown> }> {
  try {
    await promise
  } catch (err) {
    return err as { code: string; reason: string; details: Record<string, unknown> }
  }
  throw new Error('expected the call to fail')
}
