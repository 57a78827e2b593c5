import type { Context } from 'hono'
import type { WalletSignatureProof } from '@pp/proto/wallet_auth/v1/wallet_auth'
import type { GatewayEnv } from '../context.js'

/** One operation that the holder of an embedded wallet must sign before it runs. */
export interface SignedOperation {
  /** The embedded wallet (`InternalAccount:<id>`) whose active session has to sign. */
  walletAccountId: string
  /** The concrete operation, method and path, e.g. `POST /quotes/Quote:…/execute`. */
  operation: string
  /** The exact request body the signature is bound to (`''` when there is none). */
  body: string
  /** Fields the endpoint's 202 answer carries besides the challenge (the auth endpoints name the credential `type`). */
  challengeFields?: Record<string, string>
  /**
   * A request issued with the resource (an EMBEDDED_WALLET quote's payloadToSign): a signature sent
   * without Request-Id completes it, so the operation runs in one call.
   */
  issuedRequestId?: string
}

/** What a signed operation ended in: the guard's answer instead of the operation, or the operation's result. */
export type SignedOutcome<T> = { refusal: Response } | { result: T }

/**
 * The signed-retry rule of the spec, one implementation for every signed endpoint. The first call
 * without a valid signature gets 202 `{payloadToSign, requestId, expiresAt}`; the retry carrying
 * `Service-Wallet-Signature` and `Request-Id` passes exactly once.
 */
export interface WalletSignatureGuard {
  /**
   * `undefined` when the request carries a valid signature for this operation (its request id is
   * consumed, so a replay fails); otherwise the response to send instead of running the operation:
   * the 202 challenge, or a 401 naming the failing check. For the operations of services that do
   * not check the signature themselves.
   */
  check(c: Context<GatewayEnv>, operation: SignedOperation): Promise<Response | undefined>
  /**
   * For an operation whose service completes the signed request itself (wallet-auth's own): the
   * first leg's 202 or a 401 from the headers as `check` answers them, else `perform` called with
   * the retry's proof; the service's refusal of it (any 401) is answered as `check` answers one.
   */
  withProof<T>(c: Context<GatewayEnv>, operation: SignedOperation, perform: (proof: WalletSignatureProof) => Promise<T>): Promise<SignedOutcome<T>>
}
