import { randomBytes } from 'node:crypto'
import { ApiError, invalidInput } from '@pp/errors'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { ScaFactorRecord, WebAuthnSettings } from './types.js'

const RP_NAME = 'Payments Platform'

/**
 * A challenge the authenticator signs: random ASCII whose UTF-8 bytes are the WebAuthn challenge,
 * so options carry their base64url and a client may read it back as text.
 */
const newChallengeText = (): string => randomBytes(32).toString('hex')

export interface RegisteredPasskey {
  credentialId: string
  publicKey: Uint8Array
  counter: number
}

/** Creation options for the customer's device; the returned challenge (base64url) is kept to verify the answer. */
export async function registrationOptions(settings: WebAuthnSettings, customerId: string, existing: ScaFactorRecord[]) {
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: settings.rpId,
    userName: customerId,
    userID: new TextEncoder().encode(customerId),
    challenge: newChallengeText(),
    attestationType: 'none',
    excludeCredentials: existing.flatMap((f) => (f.passkeyCredentialId ? [{ id: f.passkeyCredentialId }] : [])),
  })
  return { options, challenge: options.challenge }
}

/** Request options naming the customer's passkey (for a new challenge, or a kept one); the challenge (base64url) verifies the assertion. */
export async function assertionOptions(settings: WebAuthnSettings, passkey: ScaFactorRecord, kept?: string) {
  const options = await generateAuthenticationOptions({
    rpID: settings.rpId,
    // the options of a kept challenge are rebuilt from its base64url
    challenge: kept === undefined ? newChallengeText() : new Uint8Array(Buffer.from(kept, 'base64url')),
    allowCredentials: [{ id: passkey.passkeyCredentialId! }],
    userVerification: 'preferred',
  })
  return { options, challenge: options.challenge }
}

const parseJson = (text: string, field: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    throw invalidInput([{ field, message: 'must be the WebAuthn credential object' }])
  }
}

function assertOrigin(settings: WebAuthnSettings, origin: string | undefined): string {
  if (origin && settings.origins.includes(origin)) return origin
  throw invalidInput([{ field: 'origin', message: 'must be one of allowedOrigins', constraint: { enum: settings.origins } }])
}

/** Verifies a registration against the kept challenge: origin, relying party, user presence, attestation. */
export async function verifyRegistration(
  settings: WebAuthnSettings,
  challenge: string,
  credentialJson: string,
  origin: string | undefined,
): Promise<RegisteredPasskey> {
  const expectedOrigin = assertOrigin(settings, origin)
  const response = parseJson(credentialJson, 'credential') as RegistrationResponseJSON
  const result = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin, expectedRPID: settings.rpId, requireUserVerification: false })
    .catch((err: unknown) => {
      throw invalidInput([{ field: 'credential', message: `passkey registration failed: ${err instanceof Error ? err.message : 'invalid'}` }])
    })
  if (!result.verified || !result.registrationInfo) throw invalidInput([{ field: 'credential', message: 'passkey registration failed' }])
  const { credential } = result.registrationInfo
  return { credentialId: credential.id, publicKey: credential.publicKey, counter: credential.counter }
}

/**
 * Whether an assertion proves the passkey for the kept challenge (credential id, challenge, origin,
 * relying party, user presence, signature); its new counter, which the caller must move forward.
 */
export async function verifyAssertion(
  settings: WebAuthnSettings,
  challenge: string,
  passkey: ScaFactorRecord,
  assertionJson: string,
  origin: string | undefined,
): Promise<{ valid: false } | { valid: true; newCounter: bigint }> {
  const expectedOrigin = assertOrigin(settings, origin)
  const response = parseJson(assertionJson, 'passkeyAssertion') as AuthenticationResponseJSON
  if (response?.id !== passkey.passkeyCredentialId) return { valid: false }
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin,
      expectedRPID: settings.rpId,
      credential: { id: passkey.passkeyCredentialId, publicKey: new Uint8Array(passkey.passkeyPublicKey!), counter: Number(passkey.passkeyCounter ?? 0n) },
      requireUserVerification: false,
    })
    return result.verified ? { valid: true, newCounter: BigInt(result.authenticationInfo.newCounter) } : { valid: false }
  } catch {
    return { valid: false }
  }
}

export const passkeyAlreadyEnrolled = () =>
  new ApiError('PASSKEY_ALREADY_ENROLLED', 'The customer already has a passkey; delete it (DELETE /sca/factors/{credentialId}) before enrolling another')
