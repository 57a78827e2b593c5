import { inTransaction } from '@pp/db'
import { ApiError, invalidInput } from '@pp/errors'
import { newId } from '@pp/ids'
import { verifyAuthenticationResponse } from '@simplewebauthn/server'
import { isP256PublicKey } from '../../crypto/p256.js'
import { advancePasskeyCounter } from '../../db/auth-methods.db.js'
import { claimPasskeyChallenge, findPendingPasskeyChallenge, insertPasskeyChallenge } from '../../db/passkey-challenges.db.js'
import type { WalletAuthDeps } from '../deps.js'
import { sha256Hex } from '../oauth/oidc-token.js'
import { openSealedSession, type SessionView } from '../sessions/sessions.js'
import { isSandbox, type Tenant } from '../types.js'
import { authenticationResponse, type PasskeyAssertionInput } from './webauthn-response.js'
import type { AuthMethod } from '../credentials/types.js'

/** The sandbox legacy assertion signature that skips the WebAuthn checks (sandbox only). */
export const SANDBOX_PASSKEY_SIGNATURE = 'sandbox-valid-passkey-signature'

export interface PasskeyChallenge {
  challenge: string
  requestId: string
  expiresAt: Date
}

/**
 * A fresh passkey authentication challenge: the lowercase SHA-256 hex of the canonical
 * session-creation body (which binds clientPublicKey), stored under its request id.
 */
export async function issuePasskeyChallenge(
  deps: Pick<WalletAuthDeps, 'db' | 'now' | 'lifetimes'>,
  method: AuthMethod,
  clientPublicKey: string | undefined,
): Promise<PasskeyChallenge> {
  if (!clientPublicKey || !isP256PublicKey(clientPublicKey)) {
    throw invalidInput([{ field: 'clientPublicKey', message: 'required for PASSKEY: a P-256 public key, SEC1 hex' }])
  }
  const now = deps.now()
  const requestId = newId('Request')
  const expiresAt = new Date(now.getTime() + deps.lifetimes.passkeyChallengeMs)
  const body = { authMethodId: method.id, clientPublicKey, expiresAt: expiresAt.toISOString(), requestId, type: 'SESSION_CREATE' }
  const challenge = sha256Hex(JSON.stringify(body, Object.keys(body).sort()))
  await insertPasskeyChallenge(deps.db, { id: requestId, authMethodId: method.id, challenge, clientPublicKey, expiresAt, createdAt: now })
  return { challenge, requestId, expiresAt }
}

/**
 * Verifies an assertion against the pending challenge named by requestId (credential id,
 * challenge, origin, relying party, user presence, signature, increasing counter), then opens a
 * session whose key is sealed to the challenge's clientPublicKey. The challenge and the counter
 * are claimed with conditional updates, so a replayed assertion opens nothing.
 */
export async function verifyPasskey(
  deps: WalletAuthDeps,
  tenant: Tenant,
  method: AuthMethod,
  requestId: string | undefined,
  assertion: PasskeyAssertionInput | undefined,
): Promise<SessionView> {
  if (!assertion) throw invalidInput([{ field: 'assertion', message: 'required for PASSKEY' }])
  if (!requestId) throw new ApiError('REQUEST_ID_MISSING', 'Echo the challenge requestId as the Request-Id header')
  const now = deps.now()
  const pending = await findPendingPasskeyChallenge(deps.db, method.id, requestId, now)
  if (!pending) throw new ApiError('UNAUTHORIZED', 'Request-Id matches no pending passkey challenge of this credential')
  if (assertion.credentialId !== method.passkeyCredentialId) throw new ApiError('UNAUTHORIZED', 'The assertion is for another passkey')

  const legacy = assertion.signature === SANDBOX_PASSKEY_SIGNATURE
  if (legacy && !isSandbox(tenant)) throw new ApiError('UNAUTHORIZED', `${SANDBOX_PASSKEY_SIGNATURE} is accepted in sandbox only`)
  const newCounter = legacy ? undefined : await checkAssertion(deps, method, pending.challenge, assertion)

  return inTransaction(deps.db, async (tx) => {
    const claimed = await claimPasskeyChallenge(tx, pending.id, now)
    if (!claimed) throw new ApiError('UNAUTHORIZED', 'The passkey challenge was already used')
    if (newCounter !== undefined) {
      const advanced = await advancePasskeyCounter(tx, method.id, method.passkeyCounter, newCounter, now)
      if (!advanced) throw new ApiError('UNAUTHORIZED', 'Passkey signature counter did not increase')
    }
    return openSealedSession(deps, tx, method, pending.clientPublicKey)
  })
}

async function checkAssertion(deps: WalletAuthDeps, method: AuthMethod, challenge: string, assertion: PasskeyAssertionInput): Promise<number> {
  if (!method.passkeyPublicKey || method.passkeyCredentialId === null) throw new ApiError('UNAUTHORIZED', 'The credential has no passkey')
  const result = await verifyAuthenticationResponse({
    response: authenticationResponse(assertion),
    // the authenticator signs the UTF-8 bytes of the hex challenge; clientDataJSON carries their base64url
    expectedChallenge: Buffer.from(challenge, 'utf8').toString('base64url'),
    expectedOrigin: deps.webauthn.origins,
    expectedRPID: deps.webauthn.rpId,
    credential: {
      id: method.passkeyCredentialId,
      publicKey: new Uint8Array(method.passkeyPublicKey),
      counter: Number(method.passkeyCounter ?? 0n),
    },
    requireUserVerification: false,
  }).catch((err: unknown) => {
    throw new ApiError('UNAUTHORIZED', `Passkey assertion failed: ${err instanceof Error ? err.message : 'invalid assertion'}`)
  })
  if (!result.verified) throw new ApiError('UNAUTHORIZED', 'Passkey assertion failed')
  return result.authenticationInfo.newCounter
}
