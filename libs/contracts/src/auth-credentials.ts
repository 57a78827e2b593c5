import { z } from '@hono/zod-openapi'
import { Identifier } from './common.js'

/** Identifiers the wallet endpoints accept; anything else is 400 INVALID_INPUT before a call is made. */
const typedId = (type: string) => {
  const pattern = new RegExp(`^${type}:[0-9a-fA-F-]{36}$`)
  return z.string().regex(pattern).openapi({ pattern: pattern.source, example: `${type}:019542f5-b3e7-1d02-0000-000000000002` })
}

export const WalletAccountId = typedId('InternalAccount').openapi({ description: 'An EMBEDDED_WALLET internal account' })
export const AuthMethodId = typedId('AuthMethod')
export const SessionId = typedId('Session')

/** A P-256 public key, SEC1 hex: compressed (02/03 + 32 bytes) or uncompressed (04 + 64 bytes). */
export const ClientPublicKey = z
  .string()
  .regex(/^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/)
  .openapi({ description: 'P-256 public key, SEC1 hex (compressed or uncompressed)', example: `04${'a1'.repeat(64)}` })

export const AuthMethodTypeSchema = z.enum(['OAUTH', 'EMAIL_OTP', 'SMS_OTP', 'PASSKEY']).openapi('AuthMethodType')

const authMethodFields = {
  id: AuthMethodId,
  accountId: WalletAccountId,
  type: AuthMethodTypeSchema,
  credentialId: z.string().optional().openapi({ description: 'PASSKEY only: the base64url WebAuthn credential id' }),
  nickname: z.string().openapi({ description: 'EMAIL_OTP: the email; SMS_OTP: the phone number; PASSKEY: the given nickname' }),
  createdAt: z.string().openapi({ format: 'date-time' }),
  updatedAt: z.string().openapi({ format: 'date-time' }),
}

export const AuthMethodSchema = z
  .object({
    ...authMethodFields,
    otpEncryptionTargetBundle: z
      .string()
      .optional()
      .openapi({ description: 'OTP credentials that issued a code: the HPKE target the client encrypts the code to' }),
  })
  .openapi('AuthMethod')

export type AuthMethod = z.output<typeof AuthMethodSchema>

export const AuthMethodListSchema = z.object({ data: z.array(AuthMethodSchema) }).openapi('AuthMethodListResponse')
export type AuthMethodListJson = z.infer<typeof AuthMethodListSchema>

/**
 * An OIDC ID token must at least look like a compact JWS (header.payload.signature, base64url): a
 * malformed one is 400 INVALID_INPUT before any authentication starts (spec, Authentication rule 5),
 * which also turns away the retired `sandbox-valid-oidc-token`.
 */
const OidcToken = z
  .string()
  .max(8192)
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/)
  .openapi({ description: 'An OIDC ID token (compact JWS)' })

const accountIdField = { accountId: WalletAccountId }
const Text = (maxLength: number) => z.string().min(1).max(maxLength)

export const PasskeyAttestationSchema = z
  .object({
    credentialId: Identifier(1024),
    clientDataJson: Text(8192),
    attestationObject: Text(16_384),
    transports: z.array(z.enum(['usb', 'nfc', 'ble', 'internal', 'hybrid'])).max(5).optional(),
  })
  .openapi('PasskeyAttestation')

export const AuthCredentialCreateRequestSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('EMAIL_OTP'), ...accountIdField }).openapi('EmailOtpCredentialCreateRequest'),
    z.object({ type: z.literal('SMS_OTP'), ...accountIdField }).openapi('SmsOtpCredentialCreateRequest'),
    z.object({ type: z.literal('OAUTH'), ...accountIdField, oidcToken: OidcToken }).openapi('OauthCredentialCreateRequest'),
    z
      .object({
        type: z.literal('PASSKEY'),
        ...accountIdField,
        nickname: Identifier(255),
        challenge: Text(1024).openapi({ description: 'The base64url challenge the browser signed at registration' }),
        attestation: PasskeyAttestationSchema,
      })
      .openapi('PasskeyCredentialCreateRequest'),
  ])
  .openapi('AuthCredentialCreateRequest')

export type AuthCredentialCreateRequest = z.infer<typeof AuthCredentialCreateRequestSchema>

export const AuthAccountQuerySchema = z.object({ accountId: WalletAccountId })

export const AuthMethodIdParamsSchema = z.object({
  id: AuthMethodId.openapi({ param: { name: 'id', in: 'path' } }),
})

export const AuthCredentialChallengeRequestSchema = z
  .object({ clientPublicKey: ClientPublicKey.optional().openapi({ description: 'PASSKEY: the key the session is bound to' }) })
  .openapi('AuthCredentialChallengeRequest')

export const PasskeyAuthChallengeSchema = z
  .object({
    ...authMethodFields,
    credentialId: z.string(),
    challenge: z.string().openapi({ description: 'Lowercase SHA-256 hex; the authenticator signs its UTF-8 bytes' }),
    requestId: z.string().openapi({ description: 'Echoed as Request-Id on the verify call' }),
    expiresAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('PasskeyAuthChallenge')

export type PasskeyAuthChallenge = z.output<typeof PasskeyAuthChallengeSchema>

export const AuthCredentialChallengeResponseSchema = z.union([PasskeyAuthChallengeSchema, AuthMethodSchema])
export type AuthCredentialChallengeResponseJson = z.infer<typeof AuthCredentialChallengeResponseSchema>

export const PasskeyAssertionSchema = z
  .object({
    credentialId: Identifier(1024),
    clientDataJson: Text(8192),
    authenticatorData: Text(8192),
    signature: Text(1024),
    userHandle: z.string().max(1024).optional(),
  })
  .openapi('PasskeyAssertion')

export const AuthCredentialVerifyRequestSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('EMAIL_OTP'), encryptedOtpBundle: Text(8192) }).openapi('EmailOtpCredentialVerifyRequest'),
    z.object({ type: z.literal('SMS_OTP'), encryptedOtpBundle: Text(8192) }).openapi('SmsOtpCredentialVerifyRequest'),
    z.object({ type: z.literal('OAUTH'), oidcToken: OidcToken, clientPublicKey: ClientPublicKey }).openapi('OauthCredentialVerifyRequest'),
    z.object({ type: z.literal('PASSKEY'), assertion: PasskeyAssertionSchema }).openapi('PasskeyCredentialVerifyRequest'),
  ])
  .openapi('AuthCredentialVerifyRequest')

export type AuthCredentialVerifyRequest = z.infer<typeof AuthCredentialVerifyRequestSchema>
