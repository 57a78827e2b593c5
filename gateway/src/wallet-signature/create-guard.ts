import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import { isApiError } from '@pp/errors'
import { callUnary } from '@pp/grpc'
import type { SignedRequestChallenge, WalletAuthServiceClient, WalletSignatureProof } from '@pp/proto/wallet_auth/v1/wallet_auth'
import { callContext, type GatewayEnv } from '../context.js'
import type { SignedOperation, SignedOutcome, WalletSignatureGuard } from './guard.js'
import { readSignedRetry } from './headers.js'

const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex')

/** The 202 body of a first leg. */
export const signedRequestChallengeToJson = (challenge: SignedRequestChallenge | undefined) => ({
  payloadToSign: challenge?.payloadToSign ?? '',
  requestId: challenge?.requestId ?? '',
  expiresAt: challenge?.expiresAt?.toISOString() ?? '',
})

/**
 * The signed-retry rule on top of the wallet-auth service, which holds the pending requests and
 * checks the stamps. The gateway decides only what the headers alone decide (missing, unpaired,
 * not a signature value at all); binding, signature, session and single use are the service's:
 * CompleteSignedRequest for another service's operation, or wallet-auth's own operation given the
 * proof.
 */
export function createWalletSignatureGuard(walletAuth: WalletAuthServiceClient): WalletSignatureGuard {
  async function withProof<T>(
    c: Context<GatewayEnv>,
    operation: SignedOperation,
    perform: (proof: WalletSignatureProof) => Promise<T>,
  ): Promise<SignedOutcome<T>> {
    try {
      const retry = readSignedRetry(c, operation.issuedRequestId)
      if (retry === undefined) {
        const binding = { accountId: operation.walletAccountId, operation: operation.operation, bodyDigest: sha256Hex(operation.body) }
        const { challenge } = await callUnary(walletAuth, walletAuth.beginSignedRequest, binding, callContext(c))
        return { refusal: c.json({ ...signedRequestChallengeToJson(challenge), ...operation.challengeFields }, 202) }
      }
      return { result: await perform({ requestId: retry.requestId, walletSignature: retry.signature, body: operation.body }) }
    } catch (err) {
      // the interface answers a refused signature with its response; anything else is not ours to shape
      if (isApiError(err) && err.status === 401) return { refusal: c.json(err.toBody(), 401) }
      throw err
    }
  }

  return {
    withProof,
    async check(c, operation) {
      const complete = (proof: WalletSignatureProof) => {
        const { requestId, walletSignature, body } = proof
        const completion = { accountId: operation.walletAccountId, operation: operation.operation, bodyDigest: sha256Hex(body), requestId, walletSignature }
        return callUnary(walletAuth, walletAuth.completeSignedRequest, completion, callContext(c))
      }
      const outcome = await withProof(c, operation, complete)
      return 'refusal' in outcome ? outcome.refusal : undefined
    },
  }
}
