import type { Caller } from '../types.js'

/** What the ledger needs to know of a customer to give it external accounts. */
export interface CustomerFacts {
  isDeleted: boolean
}

/** The reference's ScaChallenge of a trust step, as the customers service issues it. */
export interface ScaChallengeView {
  id: string
  expiresAt: Date
  factor: string
  availableFactors: string[]
}

/** The proof of a trust step's challenge, passed through to the customers service. */
export interface ScaProofInput {
  challengeId?: string
  code?: string
  passkeyAssertionJson?: string
  origin?: string
}

/** The port to the customers service, which owns customers and their strong authentication. */
export interface CustomerDirectory {
  /** The caller's customer, or undefined when the tenant has none with this id. */
  findCustomer(caller: Caller, customerId: string): Promise<CustomerFacts | undefined>
  /**
   * Opens (or returns) the challenge of the step named by `reference`: CONFLICT outside SCA
   * regions, SCA_SESSION_REQUIRED without a live SCA session.
   */
  issueScaChallenge(caller: Caller, customerId: string, reference: string): Promise<ScaChallengeView>
  /** Proves and spends the step's challenge; throws the refusal (400 wrong proof, 423 locked, 409). */
  authorizeScaChallenge(caller: Caller, customerId: string, reference: string, proof: ScaProofInput): Promise<void>
}
