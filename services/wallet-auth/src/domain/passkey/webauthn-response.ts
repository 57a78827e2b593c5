import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'

/** The reference's passkey attestation, as @simplewebauthn/server reads a registration. */
export interface PasskeyAttestationInput {
  credentialId: string
  clientDataJson: string
  attestationObject: string
  transports: string[]
}

/** The reference's passkey assertion, as @simplewebauthn/server reads an authentication. */
export interface PasskeyAssertionInput {
  credentialId: string
  clientDataJson: string
  authenticatorData: string
  signature: string
  userHandle?: string
}

export const registrationResponse = (a: PasskeyAttestationInput): RegistrationResponseJSON => ({
  id: a.credentialId,
  rawId: a.credentialId,
  type: 'public-key',
  clientExtensionResults: {},
  response: {
    clientDataJSON: a.clientDataJson,
    attestationObject: a.attestationObject,
    transports: a.transports as RegistrationResponseJSON['response']['transports'],
  },
})

export const authenticationResponse = (a: PasskeyAssertionInput): AuthenticationResponseJSON => ({
  id: a.credentialId,
  rawId: a.credentialId,
  type: 'public-key',
  clientExtensionResults: {},
  response: {
    clientDataJSON: a.clientDataJson,
    authenticatorData: a.authenticatorData,
    signature: a.signature,
    userHandle: a.userHandle,
  },
})
