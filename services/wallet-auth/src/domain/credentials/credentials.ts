import { inTransaction } from '@pp/db'
import { ApiError, invalidInput } from '@pp/errors'
import { walletAuthSignedOperation } from '@pp/vocabulary'
import { authMethodsOfWallet, countAuthMethodsOfWallet, deleteAuthMethod, findAuthMethod, lockAuthMethodsOfWallet } from '../../db/auth-methods.db.js'
import type { WalletAuthDeps } from '../deps.js'
import { issueOtpChallenge } from '../otp/otp-challenge.js'
import { verifyOtp, type OtpVerifyInput } from '../otp/verify-otp.js'
import { issuePasskeyChallenge, verifyPasskey, type PasskeyChallenge } from '../passkey/authentication.js'
import type { PasskeyAssertionInput } from '../passkey/webauthn-response.js'
import { openSealedSession, type SessionView } from '../sessions/sessions.js'
import { completeSignedOperation, type WalletSignatureProof } from '../signed-requests/signed-operation.js'
import type { SignedRequestChallenge } from '../signed-requests/signed-requests.js'
import { isP256PublicKey } from '../../crypto/p256.js'
import type { Tenant } from '../types.js'
import type { AuthMethod } from './types.js'

export async function listCredentials(deps: Pick<WalletAuthDeps, 'db'>, tenant: Tenant, accountId: string): Promise<AuthMethod[]> {
  return authMethodsOfWallet(deps.db, tenant, accountId)
}

export async function getCredential(deps: Pick<WalletAuthDeps, 'db'>, tenant: Tenant, id: string): Promise<AuthMethod> {
  const method = await findAuthMethod(deps.db, tenant, id)
  if (!method) throw new ApiError('AUTH_METHOD_NOT_FOUND', `Authentication credential ${id} not found`)
  return method
}

export async function walletHasCredentials(deps: Pick<WalletAuthDeps, 'db'>, tenant: Tenant, accountId: string): Promise<boolean> {
  return (await countAuthMethodsOfWallet(deps.db, tenant, accountId)) > 0
}

/**
 * Revokes a credential (its sessions and challenges go with it), a signed operation of its wallet.
 * The wallet keeps at least one credential: the row is deleted only while another one exists,
 * checked under a lock on the wallet's credentials so two concurrent revocations cannot remove the
 * last two; a refusal leaves the signed request unused.
 */
export async function revokeCredential(
  deps: Pick<WalletAuthDeps, 'db' | 'now'>,
  tenant: Tenant,
  id: string,
  proof: WalletSignatureProof | undefined,
): Promise<void> {
  const method = await getCredential(deps, tenant, id)
  const operation = { accountId: method.accountId, operation: walletAuthSignedOperation.revokeCredential(id) }
  await inTransaction(deps.db, async (tx) => {
    await completeSignedOperation(deps, tx, tenant, operation, proof)
    const locked = await lockAuthMethodsOfWallet(tx, tenant, method.accountId)
    if (!locked.includes(id)) throw new ApiError('AUTH_METHOD_NOT_FOUND', `Authentication credential ${id} not found`)
    if (locked.length < 2) throw new ApiError('CONFLICT', 'The wallet must keep at least one authentication credential')
    await deleteAuthMethod(tx, id)
  })
}

export type CredentialChallenge = { authMethod: AuthMethod; otpEncryptionTargetBundle?: string; passkey?: PasskeyChallenge }

/** OTP: a new code and target bundle; PASSKEY: a WebAuthn challenge bound to clientPublicKey. */
export async function challengeCredential(
  deps: WalletAuthDeps,
  tenant: Tenant,
  id: string,
  clientPublicKey: string | undefined,
): Promise<CredentialChallenge> {
  const authMethod = await getCredential(deps, tenant, id)
  switch (authMethod.type) {
    case 'PASSKEY':
      return { authMethod, passkey: await issuePasskeyChallenge(deps, authMethod, clientPublicKey) }
    case 'OAUTH':
      throw invalidInput([{ field: 'id', message: 'OAUTH credentials have no challenge; verify with a fresh ID token' }])
    default:
      return { authMethod, otpEncryptionTargetBundle: await inTransaction(deps.db, (tx) => issueOtpChallenge(deps, tx, tenant, authMethod)) }
  }
}

export interface VerifyCredentialInput extends OtpVerifyInput {
  type: string
  oidcToken?: string
  clientPublicKey?: string
  assertion?: PasskeyAssertionInput
}

export async function verifyCredential(
  deps: WalletAuthDeps,
  tenant: Tenant,
  id: string,
  input: VerifyCredentialInput,
): Promise<{ challenge: SignedRequestChallenge } | { session: SessionView }> {
  const method = await getCredential(deps, tenant, id)
  if (input.type !== method.type) throw invalidInput([{ field: 'type', message: `the credential is ${method.type}` }])
  switch (method.type) {
    case 'PASSKEY':
      return { session: await verifyPasskey(deps, tenant, method, input.requestId, input.assertion) }
    case 'OAUTH':
      return { session: await verifyOauth(deps, tenant, method, input) }
    default:
      return verifyOtp(deps, tenant, method, input)
  }
}

/** A fresh ID token of the same identity, its nonce committing to clientPublicKey, opens a session. */
async function verifyOauth(deps: WalletAuthDeps, tenant: Tenant, method: AuthMethod, input: VerifyCredentialInput): Promise<SessionView> {
  const errors = [
    ...(input.oidcToken ? [] : [{ field: 'oidcToken', message: 'required for OAUTH' }]),
    ...(input.clientPublicKey && isP256PublicKey(input.clientPublicKey)
      ? []
      : [{ field: 'clientPublicKey', message: 'required for OAUTH: a P-256 public key, SEC1 hex' }]),
  ]
  if (errors.length > 0 || !input.oidcToken || !input.clientPublicKey) throw invalidInput(errors)
  const clientPublicKey = input.clientPublicKey
  const identity = await deps.oidc.verify(tenant, input.oidcToken, deps.now(), clientPublicKey)
  const same = identity.issuer === method.oidcIssuer && identity.audience === method.oidcAudience && identity.subject === method.oidcSubject
  if (!same) throw new ApiError('UNAUTHORIZED', 'The ID token identity (iss, aud, sub) is not this credential')
  return inTransaction(deps.db, (tx) => openSealedSession(deps, tx, method, clientPublicKey))
}
