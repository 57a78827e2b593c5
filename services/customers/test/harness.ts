import { codeMac, createSecretHasher, sealingKeyring, secretBox } from '@pp/secrets'
import { join } from 'node:path'
import { callUnary, createGrpcClient, type RunningGrpcServer } from '@pp/grpc'
import { createLogger } from '@pp/logging'
import {
  AgreementConsent,
  CreateCustomerRequest,
  CustomersServiceClient,
  type DeepPartial,
} from '@pp/proto/customers/v1/customers'
import { createSqlPool } from '@pp/db'
import { createTestDatabase, type TestDatabase } from '@pp/testing'
import { open, openDb, type Db } from '../src/db/client.js'
import { agreementCatalogue, PUBLISHED_AGREEMENTS, type Agreement } from '../src/domain/consents/agreements.js'
import type { CustomersDeps, VerificationSettings } from '../src/domain/deps.js'
import type { PlatformConfigSource, PlatformSettings } from '../src/domain/platform-settings.js'
import type { ScaSettings } from '../src/domain/sca/types.js'
import type { Caller, CustomerView } from '../src/domain/types.js'
import { verificationProviders } from '../src/providers/verification/verification-providers.js'
import { buildCustomersServer } from '../src/rpc/server.js'

export const MIGRATIONS_DIR = join(import.meta.dirname, '../prisma/migrations')
export const SCHEMA_PATH = join(import.meta.dirname, '../prisma/schema')

/** A second agreement type, so tests can show that acceptances of one type leave the other alone. */
export const PRIVACY_NOTICE: Agreement = { type: 'TEST_PRIVACY_NOTICE', version: 'P2', url: 'https://legal.test/privacy/P2' }
export const TERMS_VERSION = PUBLISHED_AGREEMENTS[0]!.version

/** The platform service's configuration, per tenant, held in memory; unregulated by default. */
export class InMemoryPlatformConfig implements PlatformConfigSource {
  private readonly settings = new Map<string, PlatformSettings>()

  set(tenant: Pick<Caller, 'platformId' | 'environment'>, settings: Partial<PlatformSettings>): void {
    this.settings.set(`${tenant.platformId}/${tenant.environment}`, {
      isRegulatedFinancialInstitution: false,
      skipVerificationPaperwork: false,
      ...settings,
    })
  }

  async getConfig(caller: Caller): Promise<PlatformSettings> {
    return (
      this.settings.get(`${caller.platformId}/${caller.environment}`) ?? {
        isRegulatedFinancialInstitution: false,
        skipVerificationPaperwork: false,
      }
    )
  }
}

export interface Harness {
  db: Db
  client: CustomersServiceClient
  platforms: InMemoryPlatformConfig
  /** What the server runs with, for tests that drive a worker or a clock themselves. */
  deps: CustomersDeps
  /** The server's address, for clients of the other customers.v1 services. */
  address: string
  stop(): Promise<void>
}

/** The service's default: a day. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000

export const TEST_SETTINGS: VerificationSettings = {
  kycLinkTtlMs: 60_000,
  contactCodeTtlMs: 60_000,
  contactCodeAttemptsMax: 3,
  contactCodesPerHour: 4,
  contactCodeResendIntervalMs: 0,
}

const TEST_SECRET_KEY = '11'.repeat(32)

export const TEST_SCA_SETTINGS: ScaSettings = {
  box: secretBox(TEST_SECRET_KEY),
  recoveryCodes: createSecretHasher(10),
  webauthn: { rpId: 'localhost', origins: ['http://localhost:3000'] },
  sessionTtlMs: 60_000,
  challengeTtlMs: 60_000,
  resendIntervalMs: 1_000,
  resetTtlMs: 60_000,
}

/** A fresh migrated database and the real gRPC server on a free port, called through the generated client. */
export async function startHarness(name: string, overrides: Partial<CustomersDeps> = {}): Promise<Harness & { database: TestDatabase }> {
  const database = await createTestDatabase(`customers_${name}`, MIGRATIONS_DIR)
  const db = openDb(database.url)
  const sql = createSqlPool(database.url)
  const platforms = new InMemoryPlatformConfig()
  const agreements = agreementCatalogue([...PUBLISHED_AGREEMENTS, { ...PRIVACY_NOTICE, version: 'P1' }, PRIVACY_NOTICE])
  const deps: CustomersDeps = {
    db,
    sql,
    platformConfig: platforms,
    // the wallets' credentials are wallet-auth's: the end-to-end tests cover their half of an update
    walletContacts: { sync: async () => {} },
    verification: verificationProviders(),
    kycDecisions: { by: 'operator' },
    agreements,
    settings: TEST_SETTINGS,
    sca: TEST_SCA_SETTINGS,
    codes: codeMac(TEST_SECRET_KEY, 'customers/short-codes'),
    personalData: sealingKeyring(TEST_SECRET_KEY),
    now: () => new Date(),
    idempotencyKeyTtlMs: IDEMPOTENCY_KEY_TTL_MS,
    ...overrides,
  }
  const logger = createLogger('customers-test', 'silent')
  const server: RunningGrpcServer = await buildCustomersServer(deps, '127.0.0.1:0', logger)
  const client = createGrpcClient(CustomersServiceClient, `127.0.0.1:${server.port}`)
  return {
    database,
    db,
    client,
    platforms,
    deps,
    address: `127.0.0.1:${server.port}`,
    async stop() {
      client.close()
      await server.shutdown()
      await open(db).$disconnect()
      await sql.end()
      await database.drop()
    },
  }
}

let platformCounter = 0

/** A tenant of its own for each test, so tests never see each other's customers. */
export function newTenant(environment: Caller['environment'] = 'SANDBOX'): Caller {
  platformCounter += 1
  return { platformId: `Platform:test-${process.pid}-${platformCounter}`, environment, requestId: `req-${platformCounter}` }
}

export const consent = (overrides: DeepPartial<AgreementConsent> = {}): AgreementConsent =>
  AgreementConsent.fromPartial({
    type: 'SERVICE_END_USER_TERMS',
    acceptedAt: new Date('2025-10-14T10:00:00.000Z'),
    ipAddress: '198.51.100.24',
    termsVersion: TERMS_VERSION,
    acceptanceMethod: 'CHECKBOX',
    ...overrides,
  })

/** An acceptance as the customer shows it: the consent sent, its time as an ISO string. */
export function shownConsent(overrides: Partial<AgreementConsent> = {}) {
  const sent = consent(overrides)
  return { ...sent, acceptedAt: sent.acceptedAt!.toISOString() }
}

export const individual = (profile: DeepPartial<CreateCustomerRequest['profile']> = {}, extra: DeepPartial<CreateCustomerRequest> = {}) =>
  CreateCustomerRequest.fromPartial({ customerType: 'INDIVIDUAL', profile: { fullName: 'Jane Doe', ...profile }, ...extra })

export const business = (extra: DeepPartial<CreateCustomerRequest> = {}) =>
  CreateCustomerRequest.fromPartial({
    customerType: 'BUSINESS',
    profile: { businessInfo: { legalName: 'Acme Corporation', country: 'US', taxId: '47-1234567', incorporatedOn: '2018-03-14' } },
    ...extra,
  })

/** A customer of either type, so a test reads the fields of the type it made without narrowing first. */
export type AnyCustomer = CustomerView & Partial<Pick<BusinessCustomer, 'kybStatus' | 'businessInfo'>> & Partial<Pick<IndividualCustomer, 'kycStatus'>>
type IndividualCustomer = Extract<CustomerView, { customerType: 'INDIVIDUAL' }>
type BusinessCustomer = Extract<CustomerView, { customerType: 'BUSINESS' }>

/** The customer an answer carries, as the API's JSON. */
export const customerOf = ({ customerJson }: { customerJson?: string }): AnyCustomer => JSON.parse(customerJson!) as AnyCustomer

export async function create(h: Harness, ctx: Caller, request: CreateCustomerRequest): Promise<AnyCustomer> {
  return customerOf(await callUnary(h.client, h.client.createCustomer, request, ctx))
}

/** The ApiError a call rejected with, for asserting code and details. */
export async function failure(promise: Promise<unknown>): Promise<{ code: string; details: Record<string, unknown> }> {
  try {
    await promise
  } catch (err) {
    return err as { code: string; details: Record<string, unknown> }
  }
  throw new Error('expected the call to fail')
}
