import { z } from '@hono/zod-openapi'
import { AuthMethodTypeSchema, ClientPublicKey, SessionId, WalletAccountId } from './auth-credentials.js'

export const AuthSessionSchema = z
  .object({
    id: SessionId,
    accountId: WalletAccountId,
    type: AuthMethodTypeSchema.openapi({ description: 'The type of the credential the session was opened with' }),
    credentialId: z.string().optional(),
    nickname: z.string(),
    createdAt: z.string().openapi({ format: 'date-time' }),
    updatedAt: z.string().openapi({ format: 'date-time' }),
    expiresAt: z.string().openapi({ format: 'date-time' }),
    encryptedSessionSigningKey: z
      .string()
      .optional()
      .openapi({ description: 'PASSKEY and OAUTH: the session private key sealed to clientPublicKey (a credential bundle)' }),
  })
  .openapi('AuthSession')

export type AuthSession = z.output<typeof AuthSessionSchema>

export const AuthSessionListSchema = z.object({ data: z.array(AuthSessionSchema) }).openapi('AuthSessionListResponse')
export type AuthSessionListJson = z.infer<typeof AuthSessionListSchema>

export const SessionIdParamsSchema = z.object({
  id: SessionId.openapi({ param: { name: 'id', in: 'path' } }),
})

export const AuthSessionRefreshRequestSchema = z
  .object({ clientPublicKey: ClientPublicKey.openapi({ description: 'A fresh key; the new session signing key is sealed to it' }) })
  .openapi('AuthSessionRefreshRequest')
