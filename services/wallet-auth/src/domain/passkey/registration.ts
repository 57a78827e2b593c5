import { ApiError, invalidInput } from '@pp/errors'
import { verifyRegistrationResponse } from '@simplewebauthn/server'
import type { WebAuthnSettings } from '../deps.js'
import { registrationResponse, type PasskeyAttestationInput } from './webauthn-response.js'

/** What a verified registration yields for storage. */
export interface RegisteredPasskey {
  credentialId: string
  publicKey: Uint8Array<ArrayBuffer>
  counter: number
}

/**
 * Verifies a WebAuthn registration (attestation 'none' or a verifiable statement): the challenge
 * the browser signed, origin, relying party, user presence, and that the attested credential is
 * the one named. A failed check is a credential failure (401 UNAUTHORIZED naming it).
 */
export async function verifyPasskeyRegistration(
  settings: WebAuthnSettings,
  challenge: string | undefined,
  attestation: PasskeyAttestationInput | undefined,
): Promise<RegisteredPasskey> {
  if (!challenge || !attestation) {
    throw invalidInput(
      [
        ...(challenge ? [] : [{ field: 'challenge', message: 'required for PASSKEY' }]),
        ...(attestation ? [] : [{ field: 'attestation', message: 'required for PASSKEY' }]),
      ],
    )
  }
  const result = await verifyRegistrationResponse({
    response: registrationResponse(attestation),
    expectedChallenge: challenge,
    expectedOrigin: settings.origins,
    expectedRPID: settings.rpId,
    requireUserVerification: false,
  }).catch((err: unknown) => {
    throw new ApiError('UNAUTHORIZED', `Passkey registration failed: ${err instanceof Error ? err.message : 'invalid attestation'}`)
  })
  if (!result.verified || !result.registrationInfo) throw new ApiError('UNAUTHORIZED', 'Passkey registration failed')
  const { credential } = result.registrationInfo
  if (credential.id !== attestation.credentialId) throw new ApiError('UNAUTHORIZED', 'Passkey registration failed: credentialId differs from the attested one')
  return { credentialId: credential.id, publicKey: new Uint8Array(credential.publicKey), counter: credential.counter }
}
