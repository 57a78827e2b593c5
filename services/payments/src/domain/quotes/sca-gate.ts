import type { Caller } from '@pp/tenancy'

/** One proof of a factor, passed through to the customers service, which checks it. */
export interface ScaProof {
  code?: string
  passkeyAssertionJson?: string
  origin?: string
  endUserIpAddress?: string
}

/**
 * Strong customer authentication as payments asks for it: the customers service owns the
 * factors, sessions, challenges and lockouts; a quote is the `reference` of its challenge.
 */
export interface ScaGate {
  /** Whether the customer's money movements wait for an authorization (an SCA-region customer). */
  required(ctx: Caller, customerId: string): Promise<boolean>
  /** Opens (or returns) the challenge of the quote: the API's ScaChallenge JSON. SCA_SESSION_REQUIRED without a session. */
  issue(ctx: Caller, customerId: string, quoteId: string, preferredFactor?: string): Promise<string>
  /** Proves and spends the quote's challenge; throws the refusal (400 wrong proof, 423 locked, 409 no session). */
  authorize(ctx: Caller, customerId: string, quoteId: string, proof: ScaProof): Promise<void>
  /** Re-sends the SMS code of the quote's challenge. */
  resend(ctx: Caller, customerId: string, quoteId: string): Promise<void>
}
