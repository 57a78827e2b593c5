import { randomBytes } from 'node:crypto'
import { callUnary, checkHealth, createGrpcClient, startGrpcServer, type RunningGrpcServer } from '@pp/grpc'
import type { Caller } from '@pp/tenancy'
import { createSqlPool } from '@pp/db'
import { createLogger } from '@pp/logging'
import { CustomersServiceClient } from '@pp/proto/customers/v1/customers'
import { ExternalAccountsServiceClient } from '@pp/proto/ledger/v1/external_accounts'
import { InternalAccountsServiceClient } from '@pp/proto/ledger/v1/internal_accounts'
import { LedgerServiceClient, SystemAccountKind, type AccountRef } from '@pp/proto/ledger/v1/ledger'
import { PaymentsServiceClient } from '@pp/proto/payments/v1/payments'
import { PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import { createTestDatabase, freePort, startProcess, testConnections, waitUntil, type ServiceProcess, type TestDatabase } from '@pp/testing'
import { grpcServices } from '../src/clients/services.js'
import type { Services } from '../src/domain/deps.js'
import { open, openDb, type Db } from '../src/db/client.js'
import { receiverLookupStore } from '../src/db/receiver-lookups.db.js'
import type { PaymentsDeps } from '../src/domain/deps.js'
import { startWorkers, type RunningWorkers } from '../src/domain/jobs/workers.js'
import { parseSizeLimits } from '../src/domain/quotes/size-limits.js'
import type { QuoteView } from '../src/domain/quotes/view.js'
import type { Page } from '@pp/paging'
import type { TransactionView } from '../src/domain/transactions/view.js'
import { sandboxPayoutRail, unconfiguredPayoutRail } from '../src/providers/rails/payout-rails.js'
import { sandboxRateSource, unconfiguredRateSource } from '../src/providers/rates/rate-sources.js'
import { paymentsServiceRegistration } from '../src/rpc/server.js'
import { germanIban } from './iban.js'
import { MIGRATIONS_DIR } from './paths.js'

/** Sandbox delays of the tests: long enough to observe the pending state, short enough to wait for. */
export const DELAYS = { PENDING_FAILURE: 400, SLOW_SETTLEMENT: 400, RETURN: 400 }
export const QUOTE_TTL_MS = 60_000
/** The service's default: a day. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000
export const SIZE_LIMIT_USD = 50_000_000n
/** Deadline of the tests' calls: the machine is shared, and a fresh service answers its first calls slowly. */
export const SLOW_CALL_MS = 30_000
/**
 * The recovery run only takes steps older than this: long enough that it never races the inline
 * driver of a call in progress (tests of recovery call it directly).
 */
const RECOVERY_AFTER_MS = 15_000

/** The deployment's collection accounts the ledger funds production accounts on: incoming bank credits name them. */
export const COLLECTION_ENV = {
  COLLECTION_ACH_ROUTING_NUMBER: '081000032',
  COLLECTION_ACH_BANK_NAME: 'Example Bank',
  COLLECTION_ACH_ACCOUNT_PREFIX: '8300',
  COLLECTION_SEPA_IBAN: 'DE89370400440532013000',
  COLLECTION_SEPA_BIC: 'COBADEFFXXX',
}

/** The real platform, customers, ledger and wallet-auth services as processes, each on a fresh database. */
interface Backends {
  processes: ServiceProcess[]
  databases: TestDatabase[]
  /** The ledger's database, for the tests that stand in for what no production rail reports yet. */
  ledgerDatabaseUrl: string
  addresses: { platform: string; customers: string; ledger: string; walletAuth: string }
  /** Where platform and ledger serve the operators' methods (seeding a platform, reading balances). */
  operatorAddresses: { platform: string; customers: string; ledger: string }
}

async function startBackends(): Promise<Backends> {
  const { natsUrl } = await testConnections()
  const names = ['platform', 'customers', 'ledger', 'wallet-auth'] as const
  const ports = await Promise.all(names.map(() => freePort()))
  const addresses = {
    platform: `127.0.0.1:${ports[0]}`,
    customers: `127.0.0.1:${ports[1]}`,
    ledger: `127.0.0.1:${ports[2]}`,
    walletAuth: `127.0.0.1:${ports[3]}`,
  }
  const addressOf = { platform: addresses.platform, customers: addresses.customers, ledger: addresses.ledger, 'wallet-auth': addresses.walletAuth }
  const operatorAddresses = { platform: `127.0.0.1:${await freePort()}`, customers: `127.0.0.1:${await freePort()}`, ledger: `127.0.0.1:${await freePort()}` }
  const operatorEnv = (name: (typeof names)[number]): Record<string, string> => (name in operatorAddresses ? { OPERATOR_GRPC_ADDRESS: operatorAddresses[name as keyof typeof operatorAddresses] } : {})
  const ownEnv = (name: (typeof names)[number]): Record<string, string> => ({ ...operatorEnv(name), ...(name === 'ledger' ? COLLECTION_ENV : {}) })
  const runId = randomBytes(4).toString('hex')
  const common = {
    NATS_URL: natsUrl,
    PLATFORM_GRPC_ADDRESS: addresses.platform,
    CUSTOMERS_GRPC_ADDRESS: addresses.customers,
    LEDGER_GRPC_ADDRESS: addresses.ledger,
    WALLET_AUTH_GRPC_ADDRESS: addresses.walletAuth,
    EVENTS_CONSUMER_PREFIX: `ledger-payments-${runId}`,
    EVENTS_CONSUMER_START_TIME: new Date().toISOString(),
  }
  const databases: TestDatabase[] = []
  const processes: ServiceProcess[] = []
  let ledgerDatabaseUrl = ''
  const started = await Promise.allSettled(
    names.map(async (name) => {
      const database = await createTestDatabase(`payments_it_${name}`)
      databases.push(database)
      if (name === 'ledger') ledgerDatabaseUrl = database.url
      const child = startProcess(name, `services/${name}/src/main.ts`, { ...common, ...ownEnv(name), DATABASE_URL: database.url, GRPC_ADDRESS: addressOf[name] })
      processes.push(child)
      await waitUntil(() => checkHealth(addressOf[name]), `${name} to serve`, 60_000).catch((err: Error) => {
        throw new Error(`${err.message}\n${child.output()}`)
      })
    }),
  )
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) {
    // the ones that came up would outlive the test file, holding their ports and connections
    await Promise.all(processes.map((p) => p.stop()))
    throw failed.reason
  }
  return { processes, databases, ledgerDatabaseUrl, addresses, operatorAddresses }
}

export interface Harness {
  db: Db
  /** The payments database, for a payments process of a test. */
  databaseUrl: string
  backendAddresses: Backends['addresses']
  ledgerDatabaseUrl: string
  deps: PaymentsDeps
  payments: PaymentsServiceClient
  ledger: LedgerServiceClient
  accounts: InternalAccountsServiceClient
  external: ExternalAccountsServiceClient
  customers: CustomersServiceClient
  platforms: PlatformServiceClient
  /** Starts (again) the job worker and the recovery run of a "payments process". */
  startWorkers(): RunningWorkers
  /** What the backend processes logged, for a failure message. */
  backendOutput(): string
  stop(): Promise<void>
}

export async function startHarness(): Promise<Harness> {
  const backends = await startBackends()
  const database = await createTestDatabase('payments_it', MIGRATIONS_DIR)
  const db = openDb(database.url)
  const sql = createSqlPool(database.url)
  const services: Services = grpcServices(backends.addresses)
  const logger = createLogger('payments-test', 'error')
  const deps: PaymentsDeps = {
    db,
    sql,
    services,
    rates: { SANDBOX: sandboxRateSource(), PRODUCTION: unconfiguredRateSource() },
    rails: { SANDBOX: sandboxPayoutRail, PRODUCTION: unconfiguredPayoutRail },
    settings: { quoteTtlMs: QUOTE_TTL_MS, serviceFeeBps: 0, sizeLimits: parseSizeLimits(`USD=${SIZE_LIMIT_USD}`), delays: DELAYS },
    lookups: receiverLookupStore(db),
    now: () => new Date(),
    idempotencyKeyTtlMs: IDEMPOTENCY_KEY_TTL_MS,
    logger,
  }
  const server: RunningGrpcServer = await startGrpcServer('127.0.0.1:0', [paymentsServiceRegistration(deps, logger)], logger)
  const address = `127.0.0.1:${server.port}`
  const clients = {
    payments: createGrpcClient(PaymentsServiceClient, address),
    // the tests read balances and seed platforms as an operator does, on the operator ports
    ledger: createGrpcClient(LedgerServiceClient, backends.operatorAddresses.ledger),
    accounts: createGrpcClient(InternalAccountsServiceClient, backends.addresses.ledger),
    external: createGrpcClient(ExternalAccountsServiceClient, backends.addresses.ledger),
    customers: createGrpcClient(CustomersServiceClient, backends.addresses.customers),
    platforms: createGrpcClient(PlatformServiceClient, backends.operatorAddresses.platform),
  }
  const workers: RunningWorkers[] = []
  return {
    db,
    databaseUrl: database.url,
    backendAddresses: backends.addresses,
    ledgerDatabaseUrl: backends.ledgerDatabaseUrl,
    deps,
    ...clients,
    startWorkers() {
      const running = startWorkers(deps, { databaseUrl: database.url, recoveryAfterMs: RECOVERY_AFTER_MS, batch: 20 })
      workers.push(running)
      return running
    },
    backendOutput: () => backends.processes.map((p) => p.output()).join('\n'),
    async stop() {
      await Promise.all(workers.map((w) => w.stop()))
      for (const client of Object.values(clients)) client.close()
      services.close()
      await server.shutdown()
      await open(db).$disconnect()
      await sql.end()
      await database.drop()
      await Promise.all(backends.processes.map((p) => p.stop()))
      await Promise.all(backends.databases.map((d) => d.drop()))
    },
  }
}

/** A new sandbox platform (unregulated, verification paperwork skipped) and its call context. */
export async function newPlatform(h: Harness, options: { regulated?: boolean } = {}): Promise<Caller> {
  const seeded = await callUnary(
    h.platforms,
    h.platforms.ensurePlatform,
    { name: `payments-it-${randomBytes(4).toString('hex')}`, isRegulatedFinancialInstitution: options.regulated ?? false, skipVerificationPaperwork: true },
    { requestId: 'seed' },
    SLOW_CALL_MS,
  )
  return { platformId: seeded.platformId, environment: 'SANDBOX', requestId: 'payments-it' }
}

/** What the tests read of an internal account as the ledger shows it. */
export interface TestAccount {
  id: string
  type: string
  balance: { currency: { code: string } }
}

export interface TestCustomer {
  id: string
  accounts: TestAccount[]
}

/** A customer (with End User Terms accepted unless told otherwise) and, once the ledger provisioned them, its accounts. */
export async function newCustomer(h: Harness, ctx: Caller, options: { consent?: boolean } = {}): Promise<TestCustomer> {
  const { agreements } = await callUnary(h.customers, h.customers.listEndUserTerms, {}, ctx, SLOW_CALL_MS)
  const terms = agreements.find((a) => a.type === 'SERVICE_END_USER_TERMS')!
  const consent = { type: terms.type, termsVersion: terms.version, acceptedAt: new Date(), ipAddress: '203.0.113.7', acceptanceMethod: 'CHECKBOX' }
  const { customerJson } = await callUnary(
    h.customers,
    h.customers.createCustomer,
    {
      customerType: 'INDIVIDUAL',
      profile: { platformCustomerId: `pc-${randomBytes(6).toString('hex')}`, fullName: 'Grace Hopper', currencies: [], sourceOfFundsCategories: [], sourceOfWealthCategories: [] },
      agreementConsents: options.consent === false ? [] : [consent],
    },
    ctx,
    SLOW_CALL_MS,
  )
  const { id } = JSON.parse(customerJson) as { id: string }
  if (options.consent === false) return { id, accounts: [] }
  let accounts: TestAccount[] = []
  await waitUntil(async () => {
    const { pageJson } = await callUnary(h.accounts, h.accounts.listCustomerInternalAccounts, { customerId: id, limit: 100 }, ctx)
    accounts = (JSON.parse(pageJson) as { data: TestAccount[] }).data
    return accounts.length > 0
  }, 'the ledger to provision the customer', 30_000)
  return { id, accounts }
}

export const fiatAccount = (customer: TestCustomer, currency: string): TestAccount => {
  const found = customer.accounts.find((a) => a.type === 'INTERNAL_FIAT' && a.balance.currency.code === currency)
  if (!found) throw new Error(`no ${currency} account`)
  return found
}

export async function fund(h: Harness, ctx: Caller, accountId: string, amount: bigint): Promise<void> {
  await callUnary(h.accounts, h.accounts.fundSandboxInternalAccount, { accountId, amount }, ctx, SLOW_CALL_MS)
}

let ibanSeed = 0

/** A customer's EUR bank account whose IBAN ends in `suffix`. */
export async function eurExternalAccount(h: Harness, ctx: Caller, customerId: string, suffix: string): Promise<string> {
  ibanSeed += 1
  const { externalAccountJson } = await callUnary(
    h.external,
    h.external.createExternalAccount,
    {
      ownerKind: 'CUSTOMER',
      customerId,
      currency: 'EUR',
      defaultUmaDepositAccount: false,
      accountInfo: {
        accountType: 'EUR_ACCOUNT',
        iban: germanIban(suffix, ibanSeed),
        beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Grace Hopper', countryOfResidence: 'DE' },
        paymentRails: [],
      },
    },
    ctx,
    SLOW_CALL_MS,
  )
  return (JSON.parse(externalAccountJson) as { id: string }).id
}

const system = (kind: SystemAccountKind, currency: string): AccountRef => ({ system: { kind, currency } })
export const SETTLEMENT = (currency: string) => system(SystemAccountKind.SYSTEM_ACCOUNT_KIND_SETTLEMENT, currency)
export const FX = (currency: string) => system(SystemAccountKind.SYSTEM_ACCOUNT_KIND_FX, currency)
export const FEES = (currency: string) => system(SystemAccountKind.SYSTEM_ACCOUNT_KIND_FEES, currency)
export const FUNDING = (currency: string) => system(SystemAccountKind.SYSTEM_ACCOUNT_KIND_FUNDING, currency)

/** Available and total balance of each account. */
export async function balances(h: Harness, ctx: Caller, refs: AccountRef[]): Promise<Array<{ available: bigint; total: bigint }>> {
  const { balances: found } = await callUnary(h.ledger, h.ledger.getBalances, { accounts: refs }, ctx, SLOW_CALL_MS)
  return found.map(({ available, total }) => ({ available, total }))
}

/** The quote an answer carries, as the API's JSON: amounts and rates are JSON numbers, times ISO strings. */
export const quoteOf = ({ quoteJson }: { quoteJson: string }): QuoteView => JSON.parse(quoteJson) as QuoteView

/** A quote paying `amount` of an internal account's currency (the sending side) to an account, executed at once: a bank rail's payout. */
export async function executedPayout(h: Harness, ctx: Caller, source: string, destination: string, amount: bigint): Promise<QuoteView> {
  const answer = await callUnary(
    h.payments,
    h.payments.createQuote,
    {
      source: { sourceType: 'ACCOUNT', accountId: source },
      destination: { destinationType: 'ACCOUNT', accountId: destination },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: amount,
      immediatelyExecute: true,
    },
    ctx,
    SLOW_CALL_MS,
  )
  return quoteOf(answer)
}

/** The transaction an answer carries, as the API's JSON: amounts and rates are JSON numbers, times ISO strings. */
type Outgoing = Extract<TransactionView, { type: 'OUTGOING' }>

/** A payment transaction as a test reads it: the fields of either direction, each side as a plain record. */
export type PaymentTransaction = Omit<Outgoing, 'type' | 'source' | 'destination' | 'receivedAmount'> & {
  type: 'INCOMING' | 'OUTGOING'
  source?: Record<string, string>
  destination: Record<string, string>
  receivedAmount: NonNullable<Outgoing['receivedAmount']>
}

export const transactionOf = ({ transactionJson }: { transactionJson: string }): PaymentTransaction => JSON.parse(transactionJson) as PaymentTransaction

/** The page of transactions a list answer carries, as the API's JSON. */
export const pageOf = ({ pageJson }: { pageJson: string }): Page<PaymentTransaction> => JSON.parse(pageJson) as Page<PaymentTransaction>

/** The ApiError a call rejected with. */
export async function failure(promise: Promise<unknown>): Promise<{ code: string; reason: string; details: Record<string, unknown> }> {
  try {
    await promise
  } catch (err) {
    return err as { code: string; reason: string; details: Record<string, unknown> }
  }
  throw new Error('expected the call to fail')
}

/** The payment events this service recorded for a transaction, oldest first: their data.type values. */
export async function eventTypesOf(h: Harness, transactionId: string): Promise<string[]> {
  const rows = await open(h.db).$queryRaw<Array<{ type: string }>>`
    SELECT "payload"->'data'->>'type' AS "type" FROM "outbox_events"
    WHERE "payload"->'data'->'transaction'->>'id' = ${transactionId} ORDER BY "created_at", "id"`
  return rows.map((r) => r.type)
}
