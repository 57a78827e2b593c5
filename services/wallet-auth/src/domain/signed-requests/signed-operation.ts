import { ApiError } from '@pp/errors'
import type { Tx } from '../../db/client.js'
import type { WalletAuthDeps } from '../deps.js'
import { sha256Hex } from '../oauth/oidc-token.js'
import type { Tenant } from '../types.js'
import { completeSignedRequest, type CompletedRequest } from './signed-requests.js'

/** The signed retry of one of this service's signed operations, as the gateway received it. */
export interface WalletSignatureProof {
  /** The Request-Id header, or the request issued with the resource. */
  requestId: string
  /** The Service-Wallet-Signature header value. */
  walletSignature: string
  /** The exact request body the signature is bound to (`''` when there is none). */
  body: string
}

/** One of this service's signed operations, as the service itself names it. */
export interface SignedOperation {
  /** The wallet whose session must have signed. */
  accountId: string
  /** The name the challenge was bound to (`walletAuthSignedOperation` of @pp/vocabulary). */
  operation: string
  /** The values of the call the operation acts on that its body carries: each must be the signed body's. */
  signedValues?: Record<string, unknown>
}

/** The proof a call of a signed operation carries: without one, 401 WALLET_SIGNATURE_MISSING before anything is read or written. */
export function requireProof(proof: WalletSignatureProof | undefined): WalletSignatureProof {
  if (proof === undefined) throw new ApiError('WALLET_SIGNATURE_MISSING', 'This operation runs only on the signed retry: the wallet signature is required')
  return proof
}

/**
 * Completes the signed request of `operation` in `tx`, the transaction that then performs it: the
 * request must be the wallet's, issued for exactly this operation and the proof's body, and signed
 * by an active session key of the wallet (or the key it was bound to). A failure of the operation
 * rolls the consumption back, so the request stays usable; a replay, even a concurrent one, is
 * refused once the operation committed.
 */
export async function completeSignedOperation(
  deps: Pick<WalletAuthDeps, 'db' | 'now'>,
  tx: Tx,
  tenant: Tenant,
  operation: SignedOperation,
  proof: WalletSignatureProof | undefined,
): Promise<CompletedRequest> {
  const signed = requireProof(proof)
  requireSignedValues(signed.body, operation.signedValues ?? {})
  const input = {
    accountId: operation.accountId,
    operation: operation.operation,
    bodyDigest: sha256Hex(signed.body),
    requestId: signed.requestId,
    walletSignature: signed.walletSignature,
  }
  return completeSignedRequest(deps, tenant, input, tx)
}

/**
 * The call's typed values are the gateway's reading of the signed body; each one the operation acts
 * on must be there alike, or the operation would do what was not signed (say, export to another
 * key). An unset value is not acted on; an empty list stands for an absent one, as proto has no
 * absent list.
 */
function requireSignedValues(body: string, values: Record<string, unknown>): void {
  const acted = Object.entries(values).filter(([, value]) => value !== undefined)
  if (acted.length === 0) return
  const signed = parseObject(body)
  for (const [field, value] of acted) {
    if (!sameValue(signed[field], value)) {
      throw new ApiError('WALLET_SIGNATURE_BODY_MISMATCH', `${field} is not the one the signed request body carries`)
    }
  }
}

function sameValue(signed: unknown, value: unknown): boolean {
  if (Array.isArray(value)) {
    if (signed === undefined) return value.length === 0
    return Array.isArray(signed) && signed.length === value.length && value.every((item, i) => sameValue(signed[i], item))
  }
  if (isObject(value)) {
    return isObject(signed) && Object.entries(value).every(([field, item]) => item === undefined || sameValue(signed[field], item))
  }
  return signed === value
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

function parseObject(body: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(body)
    if (isObject(parsed)) return parsed
  } catch {
    // not JSON: no value of the call is in it
  }
  return {}
}
