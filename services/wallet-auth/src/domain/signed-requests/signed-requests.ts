import { ApiError, invalidInput } from '@pp/errors'
import { newId } from '@pp/ids'
import { canonicalPublicKey } from '../../crypto/p256.js'
import { decodeStamp, stampSigns } from '../../crypto/stamp.js'
import type { Tx } from '../../db/client.js'
import { findActiveSessionByKey } from '../../db/sessions.db.js'
import {
  consumeSignedRequest,
  findSignedRequest,
  insertSignedRequest,
  insertSignedRequestOfCredentialedWallet,
  type NewSignedRequest,
} from '../../db/signed-requests.db.js'
import type { WalletAuthDeps } from '../deps.js'
import { isSandbox, tenantOf, type Origin, type Tenant } from '../types.js'
import { payloadToSign } from './payload.js'

/** The sandbox legacy Service-Wallet-Signature value, accepted in sandbox only. */
export const SANDBOX_WALLET_SIGNATURE = 'sandbox-valid-signature'
const SHA256_HEX = /^[0-9a-f]{64}$/

export interface SignedRequestChallenge {
  payloadToSign: string
  requestId: string
  expiresAt: Date
}

export interface BeginInput {
  accountId: string
  operation: string
  bodyDigest: string
  /** Only this key may sign (the TEK of an OTP login); otherwise any active session key of the wallet. */
  signerPublicKey?: string
  /** The credential an OTP login verifies. */
  authMethodId?: string
}

export interface CompleteInput {
  accountId: string
  requestId: string
  walletSignature: string
  operation: string
  bodyDigest: string
}

export interface CompletedRequest {
  /** The session whose key signed; undefined for a bound signer or the sandbox legacy value. */
  signerSessionId?: string
  /** The key that signed (compressed hex); for the sandbox legacy value, the bound key if any. */
  signerPublicKey?: string
  authMethodId?: string
}

/**
 * First leg of a signed operation on a wallet already known to be the tenant's (the wallet of one
 * of its credentials): a pending, single-use request bound to the operation and body.
 */
export async function beginSignedRequest(
  deps: Pick<WalletAuthDeps, 'db' | 'now' | 'lifetimes'>,
  tenant: Tenant,
  input: BeginInput,
  tx: Tx = deps.db,
): Promise<SignedRequestChallenge> {
  const pending = pendingRequest(deps, tenant, input)
  await insertSignedRequest(tx, pending.row)
  return pending.challenge
}

/**
 * First leg of a signed operation the gateway guards, for any wallet id a request names. Nothing
 * is written unless the wallet is the caller's: another tenant's wallet answers 404
 * ACCOUNT_NOT_FOUND as a missing one does. A wallet with a credential of the tenant is known to be
 * its own, so the usual first leg is one statement; any other id is asked of the ledger, which owns
 * the accounts.
 */
export async function beginWalletSignedRequest(
  deps: Pick<WalletAuthDeps, 'db' | 'now' | 'lifetimes' | 'wallets'>,
  origin: Origin,
  input: BeginInput,
): Promise<SignedRequestChallenge> {
  const pending = pendingRequest(deps, tenantOf(origin), input)
  if (await insertSignedRequestOfCredentialedWallet(deps.db, pending.row)) return pending.challenge
  await deps.wallets.requireWallet(origin, input.accountId)
  await insertSignedRequest(deps.db, pending.row)
  return pending.challenge
}

function pendingRequest(
  deps: Pick<WalletAuthDeps, 'now' | 'lifetimes'>,
  tenant: Tenant,
  input: BeginInput,
): { row: NewSignedRequest; challenge: SignedRequestChallenge } {
  checkBinding(input)
  const requestId = newId('Request')
  const expiresAt = new Date(deps.now().getTime() + deps.lifetimes.signedRequestMs)
  const payload = payloadToSign({ requestId, accountId: input.accountId, operation: input.operation, bodyDigest: input.bodyDigest, expiresAt })
  const row = {
    id: requestId,
    ...tenant,
    accountId: input.accountId,
    operation: input.operation,
    bodyDigest: input.bodyDigest,
    payloadToSign: payload,
    signerPublicKey: input.signerPublicKey === undefined ? null : canonicalPublicKey(input.signerPublicKey),
    authMethodId: input.authMethodId ?? null,
    expiresAt,
    createdAt: deps.now(),
  }
  return { row, challenge: { payloadToSign: payload, requestId, expiresAt } }
}

/**
 * The signed retry: checks the stamp against the pending request and consumes it, once. A consumed,
 * expired, unknown or other wallet's request id is refused (401, as the reference answers a
 * Request-Id that matches no unexpired pending challenge). Given the transaction of the operation
 * the signature authorises, the request is consumed in it: a rollback leaves it unused.
 */
export async function completeSignedRequest(
  deps: Pick<WalletAuthDeps, 'db' | 'now'>,
  tenant: Tenant,
  input: CompleteInput,
  tx: Tx = deps.db,
): Promise<CompletedRequest> {
  if (input.requestId === '') throw new ApiError('REQUEST_ID_MISSING', 'The Request-Id header is required on the signed retry')
  if (input.walletSignature === '') throw new ApiError('WALLET_SIGNATURE_MISSING', 'The Service-Wallet-Signature header is required')
  const legacy = input.walletSignature === SANDBOX_WALLET_SIGNATURE
  if (legacy && !isSandbox(tenant)) {
    throw new ApiError('WALLET_SIGNATURE_MALFORMED', `${SANDBOX_WALLET_SIGNATURE} is accepted in sandbox only`)
  }
  const stamp = legacy ? undefined : decodeStamp(input.walletSignature)
  if (!legacy && !stamp) throw new ApiError('WALLET_SIGNATURE_MALFORMED', 'Service-Wallet-Signature is not an API-key stamp')

  const request = await findSignedRequest(tx, tenant, input.accountId, input.requestId)
  const now = deps.now()
  if (!request) throw new ApiError('UNAUTHORIZED', 'Request-Id matches no pending request of this wallet')
  if (request.consumedAt) throw new ApiError('UNAUTHORIZED', 'Request-Id was already used')
  if (request.expiresAt <= now) throw new ApiError('UNAUTHORIZED', 'Request-Id has expired; start the operation again')
  if (request.operation !== input.operation || request.bodyDigest !== input.bodyDigest) {
    throw new ApiError('WALLET_SIGNATURE_BODY_MISMATCH', 'The retry differs from the request the payload was issued for')
  }

  let signer: { sessionId?: string; publicKey: string } | undefined
  if (stamp) {
    if (!stampSigns(stamp, request.payloadToSign)) throw new ApiError('WALLET_SIGNATURE_INVALID', 'The signature does not sign payloadToSign')
    signer = await authorisedSigner(tx, tenant, request, canonicalPublicKey(stamp.publicKey), now)
  } else if (request.signerPublicKey !== null) {
    // the sandbox legacy value stands for the key the request was bound to (an OTP login's TEK)
    signer = { publicKey: request.signerPublicKey }
  }

  const consumed = await consumeSignedRequest(tx, request.id, now)
  if (!consumed) throw new ApiError('UNAUTHORIZED', 'Request-Id was already used')
  return { signerSessionId: signer?.sessionId, signerPublicKey: signer?.publicKey, authMethodId: request.authMethodId ?? undefined }
}

/** The bound key when the request names one, else an active session of the wallet holding the key. */
async function authorisedSigner(
  tx: Tx,
  tenant: Tenant,
  request: { accountId: string; signerPublicKey: string | null },
  publicKey: string,
  now: Date,
): Promise<{ sessionId?: string; publicKey: string }> {
  if (request.signerPublicKey !== null) {
    if (request.signerPublicKey !== publicKey) throw new ApiError('WALLET_SIGNATURE_INVALID', 'The request must be signed by the key it was issued to')
    return { publicKey }
  }
  const session = await findActiveSessionByKey(tx, tenant, request.accountId, publicKey, now)
  if (!session) throw new ApiError('WALLET_SIGNATURE_INVALID', 'The signing key belongs to no active session of this wallet')
  return { sessionId: session.id, publicKey }
}

function checkBinding(input: { operation: string; bodyDigest: string }): void {
  const errors = []
  if (input.operation.trim() === '') errors.push({ field: 'operation', message: 'must not be empty' })
  if (!SHA256_HEX.test(input.bodyDigest)) errors.push({ field: 'bodyDigest', message: 'must be a lowercase SHA-256 hex digest' })
  if (errors.length > 0) throw invalidInput(errors)
}
