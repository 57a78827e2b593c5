import { createHash } from 'node:crypto'
import { inTransaction, isUniqueViolation } from '@pp/db'
import { ApiError, invalidInput } from '@pp/errors'
import { newId } from '@pp/ids'
import { activateTotp, deleteFactors, findOpenChallenge, findPendingTotp, insertChallenge, insertFactor, spendChallenge } from '../../db/sca.db.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller } from '../types.js'
import { customerFactors, factorNotFound } from './factors.js'
import { passkeyAlreadyEnrolled, registrationOptions, verifyRegistration } from './passkey.js'
import { scaCustomer } from './sca-customer.js'
import { hashRecoveryCodes, newRecoveryCodes } from './recovery-codes.js'
import { isTotpSecret, isValidTotpCode, newTotpSecret, totpSecretFromRaw, totpUri } from './totp.js'

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')

export interface ConfirmEnrolmentInput {
  customerId: string
  type: string
  secret?: string
  code?: string
  origin?: string
  credentialJson?: string
}

function assertEnrollable(type: string): 'TOTP' | 'PASSKEY' {
  if (type === 'TOTP' || type === 'PASSKEY') return type
  throw invalidInput([{ field: 'type', message: 'TOTP or PASSKEY (SMS_OTP needs no enrolment)', constraint: { enum: ['TOTP', 'PASSKEY'] } }])
}

/** POST /sca/factors: a TOTP seed (kept sealed until confirmed) or WebAuthn creation options. */
export async function startFactorEnrolment(deps: CustomersDeps, caller: Caller, customerId: string, type: string): Promise<object> {
  const factor = assertEnrollable(type)
  const customer = await scaCustomer(deps, caller, customerId)
  const factors = await customerFactors(deps, customer)
  const now = deps.now()
  const tenant = tenantOf(caller)
  if (factor === 'TOTP') {
    if (factors.totp) throw new ApiError('CONFLICT', 'The customer already has a TOTP factor; reset it (POST /sca/factors/reset) to replace it')
    const secret = newTotpSecret()
    await insertFactor(deps.db, tenant, {
      id: newId('ScaFactor'), customerId: customer.id, factor, status: 'PENDING', createdAt: now,
      totpSecretSealed: deps.sca.box.seal(Buffer.from(secret.raw, 'hex')), totpSecretHash: sha256(secret.raw),
    })
    return { type: factor, secret: secret.raw, secretBase32Encoded: secret.base32, totpUri: totpUri(secret, customer.profile.email ?? customer.id) }
  }
  if (factors.passkey) throw passkeyAlreadyEnrolled()
  const { options, challenge } = await registrationOptions(deps.sca.webauthn, customer.id, [])
  await insertChallenge(deps.db, tenant, {
    id: newId('ScaChallenge'), customerId: customer.id, purpose: 'PASSKEY_ENROLMENT', factor, webauthnChallenge: challenge,
    failedAttempts: 0, expiresAt: new Date(now.getTime() + deps.sca.challengeTtlMs), createdAt: now,
  })
  return { type: factor, options, allowedOrigins: deps.sca.webauthn.origins, relyingPartyId: deps.sca.webauthn.rpId }
}

/** POST /sca/factors/confirm: the first TOTP code (recovery codes returned once), or the device's WebAuthn credential. */
export async function confirmFactorEnrolment(deps: CustomersDeps, caller: Caller, input: ConfirmEnrolmentInput): Promise<object> {
  const factor = assertEnrollable(input.type)
  const customer = await scaCustomer(deps, caller, input.customerId)
  const now = deps.now()
  if (factor === 'TOTP') {
    const secret = input.secret ?? ''
    const pending = isTotpSecret(secret) ? await findPendingTotp(deps.db, customer.id, sha256(secret)) : undefined
    if (!pending) throw invalidInput([{ field: 'secret', message: 'is not the secret of a started TOTP enrolment' }])
    if (!(await isValidTotpCode(totpSecretFromRaw(secret), input.code ?? '', caller.environment === 'SANDBOX'))) {
      throw invalidInput([{ field: 'code', message: 'is not the current code of this secret' }], 'Invalid or incorrect confirmation proof')
    }
    const recoveryCodes = newRecoveryCodes()
    const recoveryCodeHashes = await hashRecoveryCodes(deps.sca.recoveryCodes, recoveryCodes)
    const activated = await inTransaction(deps.db, (tx) => activateTotp(tx, customer.id, sha256(secret), recoveryCodeHashes, now)).catch((err: unknown) => {
      if (isUniqueViolation(err)) throw new ApiError('CONFLICT', 'The customer already has a TOTP factor')
      throw err
    })
    if (!activated) throw invalidInput([{ field: 'secret', message: 'this enrolment was already confirmed' }])
    return { type: factor, recoveryCodes }
  }
  const challenge = await findOpenChallenge(deps.db, customer.id, 'PASSKEY_ENROLMENT', now)
  if (!challenge?.webauthnChallenge) throw invalidInput([{ field: 'credential', message: 'no passkey enrolment is open: start one with POST /sca/factors' }])
  const passkey = await verifyRegistration(deps.sca.webauthn, challenge.webauthnChallenge, input.credentialJson ?? '', input.origin)
  await inTransaction(deps.db, async (tx) => {
    if (!(await spendChallenge(tx, challenge.id, now))) throw invalidInput([{ field: 'credential', message: 'this enrolment was already confirmed' }])
    await insertFactor(tx, tenantOf(caller), {
      id: newId('ScaFactor'), customerId: customer.id, factor, status: 'ACTIVE', createdAt: now, confirmedAt: now,
      passkeyCredentialId: passkey.credentialId, passkeyPublicKey: passkey.publicKey, passkeyCounter: BigInt(passkey.counter),
    })
  }).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw passkeyAlreadyEnrolled()
    throw err
  })
  return { type: factor, factor: { factor, credentialId: passkey.credentialId } }
}

/** DELETE /sca/factors/{credentialId}: only passkeys carry a credential id. */
export async function deleteScaFactor(deps: CustomersDeps, caller: Caller, customerId: string, credentialId: string): Promise<void> {
  const customer = await scaCustomer(deps, caller, customerId)
  if ((await deleteFactors(deps.db, customer.id, { credentialId })) === 0) throw factorNotFound(credentialId)
}
