import { z } from '@hono/zod-openapi'
import { AuthMethodTypeSchema } from './auth-credentials.js'

/** The 202 of every signed operation's first leg. */
export const SignedRequestChallengeSchema = z
  .object({
    payloadToSign: z.string().openapi({ description: 'Sign exactly this string with a session key of the wallet' }),
    requestId: z.string().openapi({ description: 'Echo as Request-Id on the signed retry', example: 'Request:019542f5-b3e7-1d02-0000-00000000000a' }),
    expiresAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('SignedRequestChallenge')

/** The auth endpoints' 202 also names the credential type concerned. */
export const AuthSignedRequestChallengeSchema = SignedRequestChallengeSchema.extend({ type: AuthMethodTypeSchema }).openapi(
  'AuthSignedRequestChallenge',
)

/**
 * The headers of a signed retry, for the OpenAPI document only: their rules are the guard's, so
 * that a bad value is answered with the spec's 401 codes rather than 400 INVALID_INPUT.
 */
export const SignedRetryHeadersSchema = z.object({
  'service-wallet-signature': z.string().optional().openapi({ description: 'API-key stamp over payloadToSign, on the signed retry' }),
  'request-id': z.string().optional().openapi({ description: 'The requestId of the 202 answer, on the signed retry' }),
})
