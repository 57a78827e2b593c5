import { z } from '@hono/zod-openapi'
import { Identifier } from './common.js'
import * as f from './customer-fields.js'

export const ScaFactorSchema = z.enum(['SMS_OTP', 'TOTP', 'PASSKEY']).openapi('ScaFactor', {
  description: 'SMS_OTP needs a verified phone; TOTP and PASSKEY need enrolment; TOTP cannot authorize a transaction',
})

/** An opaque WebAuthn object (credential, assertion, options), passed through as the device produced it. */
const WebAuthnObject = z.record(z.string(), z.unknown())

export const ScaCustomerQuerySchema = z.object({
  customerId: Identifier().openapi({ param: { name: 'customerId', in: 'query' }, example: 'Customer:019542f5-b3e7-1d02-0000-000000000001' }),
})

export const CredentialIdParamsSchema = z.object({
  credentialId: z.string().min(1).max(1024).regex(/^[A-Za-z0-9_-]+$/).openapi({ param: { name: 'credentialId', in: 'path' } }),
})

export const ResetIdParamsSchema = z.object({
  resetId: Identifier().openapi({ param: { name: 'resetId', in: 'path' }, example: 'ScaReset:019542f5-b3e7-1d02-0000-000000000001' }),
})

const ScaFactorViewSchema = z
  .object({ factor: ScaFactorSchema, credentialId: z.string().optional(), name: z.string().optional() })
  .openapi('ScaFactorView')

export const ScaFactorListSchema = z.object({ factors: z.array(ScaFactorViewSchema) }).openapi('ScaFactorList')

export const ScaFactorEnrollRequestSchema = z
  .object({ type: z.enum(['TOTP', 'PASSKEY']) })
  .openapi('ScaFactorEnrollRequest')

export const ScaFactorEnrollStartSchema = z
  .discriminatedUnion('type', [
    z
      .object({ type: z.literal('TOTP'), secret: z.string(), secretBase32Encoded: z.string(), totpUri: z.string() })
      .openapi('TotpEnrollmentStart'),
    z
      .object({ type: z.literal('PASSKEY'), options: WebAuthnObject, allowedOrigins: z.array(z.string()), relyingPartyId: z.string() })
      .openapi('PasskeyEnrollmentStart'),
  ])
  .openapi('ScaFactorEnrollStart')

const Code = z.string().min(1).max(32).openapi({ description: 'In sandbox 123456 always verifies', example: '123456' })
const Origin = z.string().min(1).max(2048).openapi({ example: 'http://localhost:3000' })

export const ScaFactorConfirmRequestSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('TOTP'), secret: z.string().min(1).max(128), code: Code }).openapi('TotpEnrollmentConfirmRequest'),
    z.object({ type: z.literal('PASSKEY'), origin: Origin, credential: WebAuthnObject }).openapi('PasskeyEnrollmentConfirmRequest'),
  ])
  .openapi('ScaFactorConfirmRequest')

export const ScaFactorConfirmResponseSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('TOTP'), recoveryCodes: z.array(z.string()) }).openapi('TotpEnrollmentConfirmResponse'),
    z.object({ type: z.literal('PASSKEY'), factor: ScaFactorViewSchema }).openapi('PasskeyEnrollmentConfirmResponse'),
  ])
  .openapi('ScaFactorConfirmResponse')

export const ScaLoginStartRequestSchema = z.object({ factor: ScaFactorSchema }).openapi('ScaLoginStartRequest')

export const ScaLoginStartSchema = z
  .object({
    factor: ScaFactorSchema,
    challengeId: z.string().nullish(),
    expiresAt: f.Timestamp.nullish(),
    passkeyOptions: WebAuthnObject.nullish(),
    allowedOrigins: z.array(z.string()).nullish(),
    relyingPartyId: z.string().nullish(),
  })
  .openapi('ScaLoginStart')

/** The proof fields of an ScaAuthorization: a code, or a passkey assertion with its origin. */
const proofFields = {
  code: Code.nullish(),
  passkeyAssertion: WebAuthnObject.nullish(),
  origin: Origin.nullish(),
}

const oneProof = (body: { code?: string | null; passkeyAssertion?: object | null; origin?: string | null }) =>
  (body.code != null) !== (body.passkeyAssertion != null) && (body.passkeyAssertion == null || body.origin != null)
const ONE_PROOF = { message: 'exactly one of code, or passkeyAssertion with origin', path: ['code'] }

export const ScaLoginCompleteRequestSchema = z
  .object({ factor: ScaFactorSchema, endUserIpAddress: f.IpAddress, challengeId: Identifier().nullish(), ...proofFields })
  .refine(oneProof, ONE_PROOF)
  .openapi('ScaLoginCompleteRequest')

export const ScaLoginCompleteSchema = z
  .object({ status: z.string().openapi({ example: 'SUCCESS' }), sessionExpiresAt: f.Timestamp.nullish() })
  .openapi('ScaLoginComplete')

export const ScaAuthorizationSchema = z
  .object({ ...proofFields, endUserIpAddress: f.IpAddress.nullish() })
  .refine(oneProof, ONE_PROOF)
  .openapi('ScaAuthorization')

export const ScaChallengeSchema = z
  .object({
    id: z.string(),
    expiresAt: f.Timestamp,
    factor: ScaFactorSchema,
    availableFactors: z.array(ScaFactorSchema),
    purpose: z.string().nullish(),
    passkeyAssertionOptions: WebAuthnObject.nullish(),
    passkeyAllowedOrigins: z.array(z.string()).nullish(),
  })
  .openapi('ScaChallenge')

const SECURITY_EVENTS = ['RESET_PASSWORD_COMPLETED', 'FAILED_LOGIN_ATTEMPT'] as const

export const RecordSecurityEventRequestSchema = z.object({ eventType: z.enum(SECURITY_EVENTS) }).openapi('RecordSecurityEventRequest')

export const RecordSecurityEventResponseSchema = z
  .object({ eventType: z.enum(SECURITY_EVENTS), suspended: z.boolean(), lockedUntil: f.Timestamp.nullish(), failedAttempts: z.number().int() })
  .openapi('RecordSecurityEventResponse')

export const TwoFactorResetStartRequestSchema = z.object({ factor: ScaFactorSchema }).openapi('TwoFactorResetStartRequest')

export const TwoFactorResetStartSchema = z
  .object({
    resetId: z.string(),
    livenessAccessToken: z.string().nullish(),
    verificationLink: z.string().nullish(),
    expiresAt: f.Timestamp.nullish(),
  })
  .openapi('TwoFactorResetStart')

export const TwoFactorResetStatusSchema = z
  .object({
    status: z.enum(['INITIATED', 'PENDING_REVIEW', 'LIVENESS_PASSED', 'COMPLETED', 'REJECTED', 'EXPIRED']),
    factor: ScaFactorSchema,
    enrollmentStatus: z.enum(['PENDING', 'COMPLETED']).nullable(),
    expiresAt: f.Timestamp,
    completedAt: f.Timestamp.nullable(),
  })
  .openapi('TwoFactorResetStatus')

export const TwoFactorResetCompleteRequestSchema = z
  .object({
    mobile: z
      .object({
        countryCode: z.string().regex(/^\+[1-9]\d{0,3}$/).openapi({ example: '+33' }),
        number: z.string().regex(/^\d{4,14}$/).openapi({ example: '612345678' }),
      })
      .optional(),
  })
  .openapi('TwoFactorResetCompleteRequest')
