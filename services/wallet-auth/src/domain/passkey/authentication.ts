import { ApiError, invalidInput } from '@pp/errors'
import { newId } from '@pp/ids'
import { verifyAuthenticationResponse } from '@simplewebauthn/server'
import { isP256PublicKey } from '../../crypto/p256.js'
import type { AuthMethod } from '../../db/generated/client.js'
import type { WalletAuthDeps } from '../deps.js'
import { sha256Hex } from '../oauth/oidc-token.js'
import { openSealedSession, type SessionView } from '../sessions/sessions.js'
import { isSandbox, type Tenant } from '../types.js'
import { authenticationResponse, type PasskeyAssertionInput } from './webauthn-response.js'

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
  await deps.db.passkeyChallenge.create({
    data: { id: requestId, authMethodId: method.id, challenge, clientPublicKey, expiresAt, createdAt: now },
  })
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
  const pending = await deps.db.passkeyChallenge.findFirst({ where: { id: requestId, authMethodId: method.id, usedAt: null, expiresAt: { gt: now } } })
  if (!pending) throw new ApiError('UNAUTHORIZED', 'Request-Id matches no pending passkey challenge of this credential')
  if (assertion.credentialId !== method.passkeyCredentialId) throw new ApiError('UNAUTHORIZED', 'The assertion is for another passkey')

  const legacy = assertion.signature === SANDBOX_PASSKEY_SIGNATURE
  if (legacy && !isSandbox(tenant)) throw new ApiError('UNAUTHORIZED', `${SANDBOX_PASSKEY_SIGNATURE} is accepted in sandbox only`)
  const newCounter = legacy ? undefined : await checkAssertion(deps, method, pending.challenge, assertion)

  return deps.db.$transaction(async (tx) => {
    const claimed = await tx.passkeyChallenge.updateMany({ where: { id: pending.id, usedAt: null }, data: { usedAt: now } })
    if (claimed.count === 0) throw new ApiError('UNAUTHORIZED', 'The passkey challenge was already used')
    if (newCounter !== undefined) {
      const advanced = await tx.authMethod.updateMany({
        where: { id: method.id, passkeyCounter: method.passkeyCounter },
        data: { passkeyCounter: newCounter, updatedAt: now },
      })
      if (advanced.count === 0) throw new ApiError('UNAUTHORIZED', 'Passkey signature counter did not increase')
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
