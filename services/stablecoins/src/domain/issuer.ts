import type { IssuanceStatus, OperationType, ProviderAccountStatus } from './types.js'

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
