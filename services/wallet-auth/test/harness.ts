import { randomBytes } from 'node:crypto'
import { ApiError } from '@pp/errors'
import { createGrpcClient, type RunningGrpcServer } from '@pp/grpc'
import type { Caller, Environment } from '@pp/tenancy'
import { newId } from '@pp/ids'
import { createLogger } from '@pp/logging'
import { WalletAuthServiceClient } from '@pp/proto/wallet_auth/v1/wallet_auth'
import { createTestDatabase, type TestDatabase } from '@pp/testing'
import { codeMac } from '@pp/secrets'
import { open, openDb, type Db } from '../src/db/client.js'
import type { CardFundingSources, CustomerContacts, WalletAuthDeps, WalletDirectory } from '../src/domain/deps.js'
import { oidcVerifier } from '../src/domain/oauth/oidc-token.js'
import type { OtpChannel, OtpSender } from '../src/domain/otp/otp-sender.js'
import { resealStoredSecrets } from '../src/domain/secrets/reseal-stored-secrets.js'
import { walletSealing } from '../src/domain/secrets/wallet-sealing.js'
import type { CustomerContact, Tenant, Wallet } from '../src/domain/types.js'
import { startWalletAuthServer } from '../src/rpc/server.js'
import { startTestIssuer, type TestIssuer } from './oidc-issuer.js'
import { MIGRATIONS_DIR } from './paths.js'

export const RP_ID = 'wallet.example'
export const ORIGIN = 'https://wallet.example'
export const SESSION_TTL_MS = 600_000
export const SIGNED_REQUEST_TTL_MS = 120_000
/** The service's defaults. */
export const OTP_ATTEMPTS_MAX = 5
export const OTP_CHALLENGES_PER_HOUR = 10

/** The ledger's embedded wallets and the customers' contacts, as the service reads them, in memory. */
class InMemoryDirectory implements WalletDirectory, CustomerContacts {
  private readonly wallets = new Map<string, Wallet & { type: string }>()
  private readonly contacts = new Map<string, CustomerContact>()

  add(tenant: Tenant, type = 'EMBEDDED_WALLET'): Wallet & { email: string; phoneNumber: string } {
    const wallet = { accountId: newId('InternalAccount'), customerId: newId('Customer') }
    const email = `${randomBytes(4).toString('hex')}@example.com`
    const phoneNumber = `+1415${String(randomBytes(3).readUIntBE(0, 3) % 10_000_000).padStart(7, '0')}`
    this.wallets.set(`${tenant.platformId}/${tenant.environment}/${wallet.accountId}`, { ...wallet, type })
    this.contacts.set(wallet.customerId, { email, phoneNumber })
    return { ...wallet, email, phoneNumber }
  }

  setContact(customerId: string, contact: CustomerContact): void {
    this.contacts.set(customerId, contact)
  }

  async requireWallet(tenant: Tenant, accountId: string): Promise<Wallet> {
    const wallet = this.wallets.get(`${tenant.platformId}/${tenant.environment}/${accountId}`)
    if (!wallet) throw new ApiError('ACCOUNT_NOT_FOUND', `Internal account ${accountId} not found`)
    if (wallet.type !== 'EMBEDDED_WALLET') throw new ApiError('WALLET_NOT_PROVISIONED', `${accountId} is not an embedded wallet`)
    return { accountId: wallet.accountId, customerId: wallet.customerId }
  }

  async contactOf(_tenant: Tenant, customerId: string): Promise<CustomerContact> {
    return this.contacts.get(customerId) ?? {}
  }
}

/** A production OTP provider that records what it would have sent. */
export class RecordingOtpSender implements OtpSender {
  readonly sent: { channel: OtpChannel; contact: CustomerContact; code: string }[] = []
  async send(_tenant: Tenant, channel: OtpChannel, contact: CustomerContact, code: string): Promise<void> {
    this.sent.push({ channel, contact, code })
  }
}

/** Card funding-source bindings the tests declare (the platform has no cards area yet). */
export class DeclaredFundingSources implements CardFundingSources {
  private readonly bindings = new Map<string, string>()
  bind(cardId: string, accountId: string): string {
    const fundingSourceId = `CardFundingSource:${randomBytes(8).toString('hex')}`
    this.bindings.set(`${cardId}/${accountId}`, fundingSourceId)
    return fundingSourceId
  }
  async fundingSourceOf(_tenant: Tenant, cardId: string, accountId: string): Promise<string | undefined> {
    return this.bindings.get(`${cardId}/${accountId}`)
  }
}

export interface HarnessOptions {
  otpSender?: OtpSender
  cardFundingSources?: CardFundingSources
}

export interface Harness {
  database: TestDatabase
  db: Db
  deps: WalletAuthDeps
  client: WalletAuthServiceClient
  directory: InMemoryDirectory
  issuer: TestIssuer
  /** Moves the service's clock forward. */
  advanceClock(ms: number): void
  /** WALLET_SECRET_KEY of the harness as it started. */
  secretKey: string
  /**
   * What a restart with WALLET_SECRET_KEY `current` and WALLET_SECRET_PREVIOUS_KEYS `previous` does
   * (main.ts): the start-up pass re-seals under `current`, then the server answers with these keys.
   * Answers how many values the pass sealed again.
   */
  restartWithSecretKeys(current: string, previous: string[]): Promise<number>
  sandbox: Partial<Caller>
  production: Partial<Caller>
  context(environment: Environment, platformId?: string): Partial<Caller>
  stop(): Promise<void>
}

/** A fresh migrated database and the real gRPC server on a free port, called through the generated client. */
export async function startHarness(name: string, options: HarnessOptions = {}): Promise<Harness> {
  const database = await createTestDatabase(`wallet_auth_${name}`, MIGRATIONS_DIR)
  const db = openDb(database.url)
  const issuer = await startTestIssuer('https://issuer.test')
  const directory = new InMemoryDirectory()
  let clockOffsetMs = 0
  const secretKey = randomBytes(32).toString('hex')
  const deps: WalletAuthDeps = {
    db,
    now: () => new Date(Date.now() + clockOffsetMs),
    sealing: walletSealing(secretKey, []),
    bundleSigningKey: randomBytes(32).toString('hex'),
    wallets: directory,
    contacts: directory,
    otpSender: options.otpSender,
    oidc: oidcVerifier([{ issuer: issuer.issuer, jwksUri: issuer.jwksUri }]),
    cardFundingSources: options.cardFundingSources,
    webauthn: { rpId: RP_ID, origins: [ORIGIN] },
    lifetimes: { sessionMs: SESSION_TTL_MS, otpChallengeMs: 300_000, passkeyChallengeMs: 300_000, signedRequestMs: SIGNED_REQUEST_TTL_MS },
    otp: { codes: codeMac(secretKey, 'wallet-auth/otp'), attemptsMax: OTP_ATTEMPTS_MAX, challengesPerHour: OTP_CHALLENGES_PER_HOUR },
  }
  const logger = createLogger('wallet-auth-test', 'silent')
  const server: RunningGrpcServer = await startWalletAuthServer('127.0.0.1:0', deps, logger)
  const client = createGrpcClient(WalletAuthServiceClient, `127.0.0.1:${server.port}`)
  const platformId = newId('Platform')
  const context = (environment: Environment, platform = platformId) => ({ platformId: platform, environment, requestId: 'test' })
  return {
    database,
    db,
    deps,
    client,
    directory,
    issuer,
    advanceClock: (ms) => {
      clockOffsetMs += ms
    },
    secretKey,
    async restartWithSecretKeys(current, previous) {
      const sealing = walletSealing(current, previous)
      const resealed = await resealStoredSecrets(db, sealing)
      deps.sealing = sealing
      deps.otp.codes = codeMac(current, 'wallet-auth/otp', previous)
      return resealed
    },
    sandbox: context('SANDBOX'),
    production: context('PRODUCTION'),
    context,
    async stop() {
      client.close()
      await server.shutdown()
      await issuer.close()
      await open(db).$disconnect()
      await database.drop()
    },
  }
}

export const tenantOf = (ctx: Partial<Caller>): Tenant => ({ platformId: ctx.platformId!, environment: ctx.environment! })
