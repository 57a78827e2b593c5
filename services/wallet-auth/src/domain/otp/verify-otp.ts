import { timingSafeEqual } from 'node:crypto'
import { bytesToHex } from '@noble/curves/utils.js'
import { inTransaction } from '@pp/db'
import { ApiError, invalidInput } from '@pp/errors'
import { openOtpBundle } from '../../crypto/bundles.js'
import { isP256PublicKey } from '../../crypto/p256.js'
import type { AuthMethod } from '../../db/auth-methods.db.js'
import { findLatestLiveOtpChallenge, incrementFailedOtpAttempts, useOtpChallenge } from '../../db/otp-challenges.db.js'
import type { WalletAuthDeps } from '../deps.js'
import { sha256Hex } from '../oauth/oidc-token.js'
import { openSession, type SessionView } from '../sessions/sessions.js'
import { beginSignedRequest, completeSignedRequest, type SignedRequestChallenge } from '../signed-requests/signed-requests.js'
import type { Tenant } from '../types.js'

export interface OtpVerifyInput {
  encryptedOtpBundle?: string
  requestId?: string
  walletSignature?: string
}

/** Wrong codes one challenge tolerates. */
const OTP_ATTEMPTS_MAX = 5

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
    const done = await completeSignedRequest(deps, tenant, {
      accountId: method.accountId,
      requestId: input.requestId ?? '',
      walletSignature: input.walletSignature ?? '',
      operation: verifyOperation(method),
      bodyDigest,
    })
    if (done.authMethodId !== method.id || !done.signerPublicKey) {
      throw new ApiError('WALLET_SIGNATURE_INVALID', 'The OTP login must be signed by its TEK key')
    }
    const signer = done.signerPublicKey
    return { session: await inTransaction(deps.db, (tx) => openSession(deps, tx, method, signer)) }
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

/** Opens the attempt with the latest live challenge, checks the code and uses the challenge up; answers the TEK. */
async function checkOtpAttempt(deps: WalletAuthDeps, method: AuthMethod, bundle: string): Promise<string> {
  const now = deps.now()
  const challenge = await findLatestLiveOtpChallenge(deps.db, method.id, now)
  if (!challenge) throw new ApiError('UNAUTHORIZED', 'No pending OTP challenge; request a new one')
  const attempt = openAttempt(bundle, bytesToHex(deps.box.open(challenge.targetPrivateKey)))
  if (!sameDigest(sha256Hex(attempt.otpCode), challenge.codeDigest)) {
    await countFailedAttempt(deps, challenge.id, now)
    throw new ApiError('UNAUTHORIZED', 'Invalid OTP code')
  }
  const used = await useOtpChallenge(deps.db, challenge.id, now)
  if (!used) throw new ApiError('UNAUTHORIZED', 'No pending OTP challenge; request a new one')
  return attempt.publicKey
}

/** A wrong code counts against the challenge; the last allowed one uses it up (a new challenge is needed). */
async function countFailedAttempt(deps: WalletAuthDeps, challengeId: string, now: Date): Promise<void> {
  const failedAttempts = await incrementFailedOtpAttempts(deps.db, challengeId)
  if (failedAttempts >= OTP_ATTEMPTS_MAX) await useOtpChallenge(deps.db, challengeId, now)
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

const sameDigest = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))
