import type { Context } from 'hono'
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

/**
 * The signed-retry rule of the spec, one implementation for every signed endpoint. The first call
 * without a valid signature gets 202 `{payloadToSign, requestId, expiresAt}`; the retry carrying
 * `Service-Wallet-Signature` and `Request-Id` passes exactly once.
 */
export interface WalletSignatureGuard {
  /**
   * `undefined` when the request carries a valid signature for this operation (its request id is
   * consumed, so a replay fails); otherwise the response to send instead of running the operation:
   * the 202 challenge, or a 401 naming the failing check.
   */
  check(c: Context<GatewayEnv>, operation: SignedOperation): Promise<Response | undefined>
}
