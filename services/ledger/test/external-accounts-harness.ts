import { randomUUID } from 'node:crypto'
import { createSqlPool, type SqlPool } from '@pp/db'
import { ApiError, invalidInput } from '@pp/errors'
import { callUnary, createGrpcClient, type RunningGrpcServer } from '@pp/grpc'
import { newId } from '@pp/ids'
import { createLogger } from '@pp/logging'
import {
  CreateExternalAccountRequest,
  ExternalAccountsServiceClient,
  ExternalAccountsServiceService,
  type DeepPartial,
} from '@pp/proto/ledger/v1/external_accounts'
import { createTestDatabase, type TestDatabase } from '@pp/testing'
import { open, openDb, type Db } from '../src/db/client.js'
import { bankAccountSealing } from '../src/domain/external-accounts/bank-account-sealing.js'
import type { CustomerDirectory, CustomerFacts, ScaChallengeView, ScaProofInput } from '../src/domain/external-accounts/customer-directory.js'
import type { ExternalAccountsDeps } from '../src/domain/external-accounts/deps.js'
import { externalAccountsDeps } from '../src/external-accounts-deps.js'
import type { ExternalAccountPage } from '../src/domain/external-accounts/read-external-accounts.js'
import type { ExternalAccountView } from '../src/domain/external-accounts/types.js'
import type { Caller, Tenant } from '../src/domain/types.js'
import { externalAccountsService } from '../src/rpc/external-accounts-service.js'
import { startLedgerServer } from '../src/rpc/server.js'
import type { AccountExample } from './external-accounts-examples.js'
import { MIGRATIONS_DIR } from './paths.js'

/**
 * The customers service's customers, per tenant, held in memory, and its strong authentication as
 * the ledger sees it: one open challenge per step reference, answered by the sandbox code 123456.
 */
export class InMemoryCustomers implements CustomerDirectory {
  private readonly customers = new Map<string, CustomerFacts>()
  /** The customers the customers service would ask for strong authentication (its EU rule). */
  private readonly scaCustomers = new Set<string>()
  private readonly openChallenges = new Map<string, string>()

  add(tenant: Tenant, facts: Partial<CustomerFacts> = {}, options: { sca?: boolean } = {}): string {
    const id = newId('Customer')
    this.customers.set(`${tenant.platformId}/${tenant.environment}/${id}`, { isDeleted: false, ...facts })
    if (options.sca) this.scaCustomers.add(id)
    return id
  }

  async findCustomer(caller: Caller, customerId: string): Promise<CustomerFacts | undefined> {
    return this.customers.get(`${caller.platformId}/${caller.environment}/${customerId}`)
  }

  async issueScaChallenge(caller: Caller, customerId: string, reference: string): Promise<ScaChallengeView> {
    if (!this.scaCustomers.has(customerId)) throw new ApiError('CONFLICT', 'SCA is not required for this customer')
    const id = newId('ScaChallenge')
    this.openChallenges.set(`${customerId}/${reference}`, id)
    return { id, expiresAt: new Date(Date.now() + 60_000), factor: 'SMS_OTP', availableFactors: ['SMS_OTP'] }
  }

  async authorizeScaChallenge(_caller: Caller, customerId: string, reference: string, proof: ScaProofInput): Promise<void> {
    const key = `${customerId}/${reference}`
    if (!this.openChallenges.has(key)) throw new ApiError('CONFLICT', 'No open SCA challenge to authorize')
    if (proof.code !== '123456') throw invalidInput([{ field: 'proof', message: 'wrong code' }])
    this.openChallenges.delete(key)
  }
}

/** A clock the tests move forward instead of sleeping. */
export class TestClock {
  private nowMs = Date.parse('2025-10-21T12:00:00Z')
  readonly now = (): Date => new Date(this.nowMs)
  advance(ms: number): void {
    this.nowMs += ms
  }
}

export const ACH_WINDOW_MS = 3_000
export const CHALLENGE_TTL_MS = 60_000
/** The service's default: a day. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000
/** BANK_ACCOUNT_DATA_KEY of the tests. */
export const TEST_BANK_ACCOUNT_DATA_KEY = '5e'.repeat(32)

export interface ExternalAccountsHarness {
  db: Db
  sql: SqlPool
  deps: ExternalAccountsDeps
  customers: InMemoryCustomers
  clock: TestClock
  client: ExternalAccountsServiceClient
  stop(): Promise<void>
}

/** A fresh migrated database and the external-accounts gRPC service on a free port. */
export async function startExternalAccountsHarness(name: string): Promise<ExternalAccountsHarness & { database: TestDatabase }> {
  const database = await createTestDatabase(`ledger_ext_${name}`, MIGRATIONS_DIR)
  const db = openDb(database.url)
  const sql = createSqlPool(database.url)
  const customers = new InMemoryCustomers()
  const clock = new TestClock()
  const deps = externalAccountsDeps(
    { db, sql, now: clock.now, idempotencyKeyTtlMs: IDEMPOTENCY_KEY_TTL_MS, customers, sealing: bankAccountSealing(TEST_BANK_ACCOUNT_DATA_KEY) },
    { achValidationWindowMs: ACH_WINDOW_MS, challengeTtlMs: CHALLENGE_TTL_MS },
  )
  const logger = createLogger('ledger-external-accounts-test', 'silent')
  const registration = { name: 'ledger.v1.ExternalAccountsService', definition: ExternalAccountsServiceService, implementation: externalAccountsService(deps, logger) }
  const server: RunningGrpcServer = await startLedgerServer('127.0.0.1:0', [registration], logger)
  const client = createGrpcClient(ExternalAccountsServiceClient, `127.0.0.1:${server.port}`)
  return {
    database,
    db,
    sql,
    deps,
    customers,
    clock,
    client,
    async stop() {
      client.close()
      await server.shutdown()
      await open(db).$disconnect()
      await sql.end()
      await database.drop()
    },
  }
}

/** A fresh tenant, so tests of one file never see each other's accounts. */
export const newTenant = (environment: Tenant['environment'] = 'SANDBOX'): Tenant => ({ platformId: `Platform:${randomUUID()}`, environment })

export const callContext = (tenant: Tenant, idempotencyKey?: string) => ({ ...tenant, requestId: randomUUID(), idempotencyKey })

/** The ApiError a call rejects with (fails the test if it succeeds). */
export async function apiErrorOf(call: Promise<unknown>): Promise<ApiError> {
  const outcome = await call.then(
    () => new Error('the call succeeded'),
    (err: unknown) => err,
  )
  if (!(outcome instanceof ApiError)) throw outcome
  return outcome
}

export function createRequest(
  example: AccountExample,
  owner: { customerId: string } | 'PLATFORM',
  extra: DeepPartial<CreateExternalAccountRequest> = {},
): DeepPartial<CreateExternalAccountRequest> {
  const ownerFields = owner === 'PLATFORM' ? { ownerKind: 'PLATFORM' } : { ownerKind: 'CUSTOMER', customerId: owner.customerId }
  return { ...ownerFields, currency: example.currency, accountInfo: example.accountInfo, ...extra }
}

/** The account an answer carries, as the API's JSON. */
export const shownAccount = ({ externalAccountJson }: { externalAccountJson: string }): ExternalAccountView =>
  JSON.parse(externalAccountJson) as ExternalAccountView

/** The page of accounts an answer carries, as the API's JSON. */
export const shownPage = ({ pageJson }: { pageJson: string }): ExternalAccountPage => JSON.parse(pageJson) as ExternalAccountPage

/** Creates an account through the gRPC service and answers it. */
export async function createAccount(
  h: ExternalAccountsHarness,
  tenant: Tenant,
  request: DeepPartial<CreateExternalAccountRequest>,
  idempotencyKey?: string,
): Promise<ExternalAccountView> {
  const message = CreateExternalAccountRequest.fromPartial(request)
  return shownAccount(await callUnary(h.client, h.client.createExternalAccount, message, callContext(tenant, idempotencyKey)))
}

export const countRows = async (h: ExternalAccountsHarness): Promise<number> => open(h.db).externalAccount.count()
