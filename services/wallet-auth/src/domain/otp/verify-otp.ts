import { bytesToHex } from '@noble/curves/utils.js'
import { inTransaction } from '@pp/db'
import { ApiError, invalidInput } from '@pp/errors'
import { openOtpBundle } from '../../crypto/bundles.js'
import { isP256PublicKey } from '../../crypto/p256.js'
import { takeOtpAttempt, useOtpChallenge } from '../../db/otp-challenges.db.js'
import type { WalletAuthDeps } from '../deps.js'
import { openBytes, otpTargetKeyBinding } from '../secrets/wallet-sealing.js'
import { sha256Hex } from '../oauth/oidc-token.js'
import { openSession, type SessionView } from '../sessions/sessions.js'
import { beginSignedRequest, completeSignedRequest, type SignedRequestChallenge } from '../signed-requests/signed-requests.js'
import type { Tenant } from '../types.js'
import type { AuthMethod } from '../credentials/types.js'

export interface OtpVerifyInput {
  encryptedOtpBundle?: string
  requestId?: string
  walletSignature?: string
}

/** The operation an OTP login's pending request is bound to. */
const verifyOperation = (method: AuthMethod) => `POST /auth/credentials/${method.id}/verify`

/**
 * The secure OTP login. First leg: open the bundle with the latest challenge's target key, check
 * the code, and issue a pending request only the client's TEK may sign. Signed retry: complete
 * that request and open a session whose signing key is the TEK.
 */
export async function verifyOtp(
  deps: WalletAuthDeps,
  tenant: Tenant,
  method: AuthMethod,
  input: OtpVerifyInput,
): Promise<{ challenge: SignedRequestChallenge } | { session: SessionView }> {
  const bundle = input.encryptedOtpBundle
  if (!bundle) throw invalidInput([{ field: 'encryptedOtpBundle', message: 'required for OTP credentials' }])
  const bodyDigest = sha256Hex(bundle)
  if (input.requestId || input.walletSignature) {
    const retry = {
      accountId: method.accountId,
      requestId: input.requestId ?? '',
      walletSignature: input.walletSignature ?? '',
      operation: verifyOperation(method),
      bodyDigest,
    }
    // the request is consumed in the transaction that opens the session
    const session = await inTransaction(deps.db, async (tx) => {
      const done = await completeSignedRequest(deps, tenant, retry, tx)
      if (done.authMethodId !== method.id || !done.signerPublicKey) {
        throw new ApiError('WALLET_SIGNATURE_INVALID', 'The OTP login must be signed by its TEK key')
      }
      return openSession(deps, tx, method, done.signerPublicKey)
    })
    return { session }
  }

  const tekPublicKey = await checkOtpAttempt(deps, method, bundle)
  const challenge = await beginSignedRequest(deps, tenant, {
    accountId: method.accountId,
    operation: verifyOperation(method),
    bodyDigest,
    signerPublicKey: tekPublicKey,
    authMethodId: method.id,
  })
  return { challenge }
}

/**
 * Takes one of the latest live challenge's attempts before anything is compared, so parallel
 * guesses cannot pass OTP_ATTEMPTS_MAX; then opens the bundle, checks the code and uses the
 * challenge up. Answers the TEK.
 */
async function checkOtpAttempt(deps: WalletAuthDeps, method: AuthMethod, bundle: string): Promise<string> {
  const now = deps.now()
  const challenge = await takeOtpAttempt(deps.db, method.id, now, deps.otp.attemptsMax)
  if (challenge === 'NONE') throw new ApiError('UNAUTHORIZED', 'No pending OTP challenge; request a new one')
  if (challenge === 'LOCKED') throw new ApiError('UNAUTHORIZED', 'Too many attempts at this OTP code; request a new one')
  const targetPrivateKey = openBytes(deps.sealing, otpTargetKeyBinding(challenge.id), { ciphertext: challenge.targetPrivateKey, sealingKeyId: challenge.sealingKeyId })
  const attempt = openAttempt(bundle, bytesToHex(targetPrivateKey))
  if (!deps.otp.codes.matches(challenge.codeDigest, challenge.id, attempt.otpCode)) throw new ApiError('UNAUTHORIZED', 'Invalid OTP code')
  const used = await useOtpChallenge(deps.db, challenge.id, now)
  if (!used) throw new ApiError('UNAUTHORIZED', 'No pending OTP challenge; request a new one')
  return attempt.publicKey
}

function openAttempt(bundle: string, targetPrivateKey: string): { otpCode: string; publicKey: string } {
  let plaintext: Uint8Array
  try {
    plaintext = openOtpBundle(bundle, targetPrivateKey)
  } catch {
    throw new ApiError('UNAUTHORIZED', 'encryptedOtpBundle could not be decrypted with the current OTP challenge')
  }
  let attempt: unknown
  try {
    attempt = JSON.parse(new TextDecoder().decode(plaintext))
  } catch {
    attempt = undefined
  }
  const { otp_code: otpCode, public_key: publicKey } = (attempt ?? {}) as Record<string, unknown>
  if (typeof otpCode !== 'string' || typeof publicKey !== 'string' || !isP256PublicKey(publicKey)) {
    throw invalidInput([{ field: 'encryptedOtpBundle', message: 'must seal JSON {otp_code, public_key (P-256, hex)}' }])
  }
  return { otpCode, publicKey }
}
