import type { Logger } from '@pp/logging'
import type { Db } from '../db/client.js'
import type { Origin } from '@pp/tenancy'
import type { Environment, IssuanceStatus, Leg, OperationType, ProviderAccountStatus } from './types.js'

export interface SandboxTimings {
  /** PENDING_APPROVAL → ENABLING, and ENABLING → ENABLED, each after this long. */
  approvalDelayMs: number
  /** A mint or burn's outcome after this long. */
  operationDelayMs: number
}

/** What the use cases need; main.ts wires the real ones. */
export interface StablecoinsDeps {
  db: Db
  ledger: LedgerPort
  /** The issuer each environment talks to: the sandbox issuer, or production's (unconfigured: refuses clearly). */
  issuers: Record<Environment, StablecoinIssuer>
  sandbox: SandboxTimings
  now: () => Date
  idempotencyKeyTtlMs: number
  logger: Logger
}

export interface InternalAccountFacts {
  customerId?: string
  type: string
  status: string
  currency: string
}

export interface ExternalAccountFacts {
  customerId?: string
  currency: string
  paymentRails: string[]
  accountNumber?: string
}

/**
 * What this service asks of the ledger. Every transfer id is an idempotency key there, derived
 * from the operation's id, so a retry never moves money twice.
 */
export interface LedgerPort {
  /** The token's holding account (id: the stablecoin's) and the issuance account of its symbol. */
  openTokenAccounts(origin: Origin, stablecoinId: string, symbol: string): Promise<{ issuanceAccountId: string }>
  internalAccount(origin: Origin, accountId: string): Promise<InternalAccountFacts>
  /** 404 ACCOUNT_NOT_FOUND, 409 BANK_ACCOUNT_VALIDATION_PENDING, 400 INVALID_BANK_ACCOUNT. */
  externalAccount(origin: Origin, externalAccountId: string): Promise<ExternalAccountFacts>
  hold(origin: Origin, transferId: string, code: 'FUNDING' | 'SETTLEMENT', legs: Leg[]): Promise<void>
  post(origin: Origin, transferId: string, pendingId: string): Promise<void>
  release(origin: Origin, transferId: string, pendingId: string): Promise<void>
  close(): void
}

/** What the provider says of API credentials a platform links. */
export interface CredentialCheck {
  providerAccountId: string
  status: ProviderAccountStatus
}

/** A token as the provider created it. */
export interface TokenFacts {
  name: string
  symbol: string
  baseCurrency: string
  decimals: number
  issuanceStatus: IssuanceStatus
}

export interface OperationRequest {
  providerAccountId: string
  providerTokenIdentifier: string
  operationType: OperationType
  /** In the base currency's smallest unit. */
  fiatAmount: bigint
}

export interface OperationOutcome {
  status: 'COMPLETED' | 'FAILED'
  providerStatus: string
  failureReason?: string
}

/** An external bank account a burn pays out to, as the provider needs it linked. */
export interface PayoutAccount {
  providerAccountId: string
  externalAccountId: string
  accountNumber?: string
  rail: string
}

/**
 * The stablecoin issuer at the edge (Brale in production). Refusals are thrown as the API's
 * errors: STABLECOIN_PROVIDER_ERROR when the provider refuses, SERVICE_UNAVAILABLE (503) when it
 * cannot be reached, STABLECOIN_EXTERNAL_ACCOUNT_* when a payout account cannot be linked.
 */
export interface StablecoinIssuer {
  verifyCredentials(input: { apiClientId: string; apiClientSecret: string; providerAccountId?: string }): Promise<CredentialCheck>
  findToken(input: { providerAccountId: string; providerTokenIdentifier: string }): Promise<TokenFacts>
  linkPayoutAccount(account: PayoutAccount): Promise<void>
  /** Accepts the operation (it then completes or fails later) or refuses it at once. */
  submitOperation(operation: OperationRequest & { operationId: string }): Promise<void>
  /** The outcome of an accepted operation, asked when it is due. */
  operationOutcome(operation: OperationRequest & { operationId: string }): Promise<OperationOutcome>
}
