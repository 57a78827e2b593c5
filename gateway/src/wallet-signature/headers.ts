import type { Context } from 'hono'
import { ApiError } from '@pp/errors'
import type { GatewayEnv } from '../context.js'

export const SIGNATURE_HEADER = 'Service-Wallet-Signature'
export const REQUEST_ID_HEADER = 'Request-Id'

/** The two headers of a signed retry, both present. */
export interface SignedRetry {
  signature: string
  requestId: string
}

/**
 * A stamp is base64url (the sandbox legacy value `sandbox-valid-signature` is spelled in the same
 * alphabet). A value outside it, or longer than any stamp, is not a signature header we accept at
 * all: 401 INVALID_SIGNATURE, decided here. A value in the alphabet that does not decode to a stamp
 * is the wallet-auth service's WALLET_SIGNATURE_MALFORMED.
 */
const SIGNATURE_VALUE = /^[A-Za-z0-9_-]+={0,2}$/
const SIGNATURE_LENGTH_MAX = 4096

/** A request id the service hands out (`Request:<uuid>`) is plain ASCII: any other value cannot name one. */
const REQUEST_ID_VALUE = /^[\x21-\x7E]{1,128}$/

/**
 * The `Request-Id` of a signed retry or a passkey assertion: `undefined` when not sent, 401
 * REQUEST_ID_MISSING when it cannot be the requestId of a 202 answer.
 */
export function readRequestId(c: Context<GatewayEnv>): string | undefined {
  const requestId = c.req.header(REQUEST_ID_HEADER)?.trim() || undefined
  if (requestId !== undefined && !REQUEST_ID_VALUE.test(requestId)) {
    throw new ApiError('REQUEST_ID_MISSING', `${REQUEST_ID_HEADER} must echo the requestId of the 202 answer`)
  }
  return requestId
}

/**
 * The signed-retry headers of a request: `undefined` when neither is sent (a first leg); otherwise
 * both, or the 401 of the spec naming what is wrong with them. `issuedRequestId` stands in for a
 * missing Request-Id where the operation's payload was issued in advance (one-call execute).
 */
export function readSignedRetry(c: Context<GatewayEnv>, issuedRequestId?: string): SignedRetry | undefined {
  const signature = c.req.header(SIGNATURE_HEADER)?.trim() || undefined
  const requestId = readRequestId(c) ?? (signature === undefined ? undefined : issuedRequestId)
  if (signature === undefined && requestId === undefined) return undefined
  if (signature === undefined) {
    throw new ApiError('WALLET_SIGNATURE_MISSING', `${REQUEST_ID_HEADER} was sent without ${SIGNATURE_HEADER}: sign payloadToSign and send both`)
  }
  if (requestId === undefined) {
    throw new ApiError('REQUEST_ID_MISSING', `${SIGNATURE_HEADER} needs the ${REQUEST_ID_HEADER} header echoing the requestId of the 202 answer`)
  }
  if (signature.length > SIGNATURE_LENGTH_MAX || !SIGNATURE_VALUE.test(signature)) {
    throw new ApiError('INVALID_SIGNATURE', `${SIGNATURE_HEADER} must be a base64url API-key stamp`)
  }
  return { signature, requestId }
}
