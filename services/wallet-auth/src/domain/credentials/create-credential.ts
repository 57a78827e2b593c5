import { ApiError, invalidInput, type ErrorCode } from '@pp/errors'
import { newId } from '@pp/ids'
import { inTransaction, violatedUniqueIndex } from '@pp/db'
import { walletAuthSignedOperation } from '@pp/vocabulary'
import { countAuthMethodsOfWallet, insertAuthMethod, isPasskeyRegistered } from '../../db/auth-methods.db.js'
import type { Tx } from '../../db/client.js'
import type { WalletAuthDeps } from '../deps.js'
import { issueOtpChallenge } from '../otp/otp-challenge.js'
import { verifyPasskeyRegistration } from '../passkey/registration.js'
import type { PasskeyAttestationInput } from '../passkey/webauthn-response.js'
import { completeSignedOperation, type WalletSignatureProof } from '../signed-requests/signed-operation.js'
import { isCredentialType, tenantOf, type Caller, type Tenant, type Wallet } from '../types.js'
import type { AuthMethod, CredentialFields } from './types.js'

export interface CreateCredentialInput {
  accountId: string
  type: string
  oidcToken?: string
  nickname?: string
  challenge?: string
  attestation?: PasskeyAttestationInput
}

export interface CreatedCredential {
  authMethod: AuthMethod
  otpEncryptionTargetBundle?: string
}

/** Which duplicate each unique index stands for (see the migration); the OTP slot's depends on the type. */
const DUPLICATE_BY_INDEX: Record<string, { code: ErrorCode; reason: string }> = {
  auth_methods_email_key: { code: 'EMAIL_OTP_EMAIL_ALREADY_EXISTS', reason: 'The email is already tied to another EMAIL_OTP credential' },
  auth_methods_phone_number_key: {
    code: 'SMS_OTP_PHONE_NUMBER_ALREADY_EXISTS',
    reason: 'The phone number is already tied to another SMS_OTP credential',
  },
  auth_methods_passkey_credential_id_key: { code: 'PASSKEY_CREDENTIAL_ALREADY_EXISTS', reason: 'This passkey credentialId is already registered' },
  auth_methods_passkey_customer_id_key: {
    code: 'PASSKEY_ALREADY_ENROLLED',
    reason: 'The customer already has a passkey; delete it before enrolling another',
  },
}

/**
 * Registers a credential on an embedded wallet. The first one bootstraps the wallet; once it has a
 * credential, a further one is a signed operation whose request is completed in the transaction
 * that inserts it (a proof sent is completed in any case). The proofs of the credential itself
 * (passkey attestation, ID token) are checked here too.
 */
export async function createCredential(
  deps: WalletAuthDeps,
  caller: Caller,
  input: CreateCredentialInput,
  proof: WalletSignatureProof | undefined,
): Promise<CreatedCredential> {
  if (!isCredentialType(input.type)) {
    throw invalidInput([{ field: 'type', message: 'must be one of EMAIL_OTP, SMS_OTP, PASSKEY, OAUTH', constraint: { enum: ['EMAIL_OTP', 'SMS_OTP', 'PASSKEY', 'OAUTH'] } }])
  }
  const tenant = tenantOf(caller)
  const wallet = await deps.wallets.requireWallet(caller, input.accountId)
  const fields = await credentialFields(deps, caller, wallet, input)
  const now = deps.now()
  return inTransaction(deps.db, async (tx) => {
    if (proof !== undefined || (await countAuthMethodsOfWallet(tx, tenant, wallet.accountId)) > 0) {
      await completeSignedOperation(deps, tx, tenant, addCredentialOperation(wallet, input), proof)
    }
    await refuseKnownPasskey(tx, tenant, fields)
    const authMethod = await insertAuthMethod(tx, {
      id: newId('AuthMethod'),
      ...tenant,
      accountId: wallet.accountId,
      customerId: wallet.customerId,
      ...fields,
      createdAt: now,
      updatedAt: now,
    })
    const isOtp = authMethod.type === 'EMAIL_OTP' || authMethod.type === 'SMS_OTP'
    return { authMethod, otpEncryptionTargetBundle: isOtp ? await issueOtpChallenge(deps, tx, tenant, authMethod) : undefined }
  }).catch((err: unknown) => {
    throw duplicateError(err, input.type) ?? err
  })
}

/** Adding a credential as its signed body names it: every field the request carries. */
function addCredentialOperation(wallet: Wallet, input: CreateCredentialInput) {
  const { accountId, type, oidcToken, nickname, challenge, attestation } = input
  return {
    accountId: wallet.accountId,
    operation: walletAuthSignedOperation.addCredential(),
    signedValues: { accountId, type, oidcToken, nickname, challenge, attestation },
  }
}

/** The type-specific columns, after checking the credential's own proof. */
async function credentialFields(deps: WalletAuthDeps, caller: Caller, wallet: Wallet, input: CreateCredentialInput): Promise<CredentialFields> {
  switch (input.type) {
    case 'EMAIL_OTP': {
      const { email } = await deps.contacts.contactOf(caller, wallet.customerId)
      if (!email) throw invalidInput([{ field: 'type', message: 'the customer has no email address' }])
      return { type: 'EMAIL_OTP', nickname: email, otpSlot: 'EMAIL_OTP', email }
    }
    case 'SMS_OTP': {
      const { phoneNumber } = await deps.contacts.contactOf(caller, wallet.customerId)
      if (!phoneNumber) throw invalidInput([{ field: 'type', message: 'the customer has no phone number' }])
      return { type: 'SMS_OTP', nickname: phoneNumber, otpSlot: 'SMS_OTP', phoneNumber }
    }
    case 'PASSKEY': {
      if (!input.nickname?.trim()) throw invalidInput([{ field: 'nickname', message: 'required for PASSKEY' }])
      const passkey = await verifyPasskeyRegistration(deps.webauthn, input.challenge, input.attestation)
      return {
        type: 'PASSKEY',
        nickname: input.nickname,
        passkeyCredentialId: passkey.credentialId,
        passkeyCustomerId: wallet.customerId,
        passkeyPublicKey: passkey.publicKey,
        passkeyCounter: BigInt(passkey.counter),
        passkeyTransports: input.attestation?.transports ?? [],
      }
    }
    default: {
      if (!input.oidcToken) throw invalidInput([{ field: 'oidcToken', message: 'required for OAUTH' }])
      const identity = await deps.oidc.verify(tenantOf(caller), input.oidcToken, deps.now())
      return {
        type: 'OAUTH',
        nickname: identity.email ?? identity.subject,
        oidcIssuer: identity.issuer,
        oidcAudience: identity.audience,
        oidcSubject: identity.subject,
      }
    }
  }
}

/**
 * A passkey credentialId already registered is the 400 even when the customer also has a passkey
 * (the 409); the unique indexes alone would report whichever they check first.
 */
async function refuseKnownPasskey(tx: Tx, tenant: Tenant, fields: CredentialFields): Promise<void> {
  if (!fields.passkeyCredentialId) return
  if (await isPasskeyRegistered(tx, tenant, fields.passkeyCredentialId)) throw duplicate('auth_methods_passkey_credential_id_key', 'PASSKEY')
}

/** The API error a write of a `type` credential that broke a unique index stands for; undefined for any other failure. */
export function duplicateError(err: unknown, type: string): ApiError | undefined {
  const index = violatedUniqueIndex(err)
  return index === undefined ? undefined : duplicate(index, type)
}

function duplicate(index: string, type: string): ApiError {
  if (index === 'auth_methods_otp_slot_key') {
    const code = type === 'SMS_OTP' ? 'SMS_OTP_CREDENTIAL_ALREADY_EXISTS' : 'EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS'
    return new ApiError(code, `The wallet already has an ${type} credential`)
  }
  const known = DUPLICATE_BY_INDEX[index]
  return known ? new ApiError(known.code, known.reason) : new ApiError('CONFLICT', 'The credential collides with an existing one')
}
