import { AuthSessionListSchema, AuthSessionSchema } from '@pp/contracts'
import { describe, expect, it } from 'vitest'
import { CREDENTIALS_BY_TYPE, STORED_AT, WALLET_ACCOUNT_ID } from '../../../test/records.js'
import type { AuthMethod } from '../credentials/types.js'
import { authSessionListView, authSessionView } from './session-view.js'
import type { SessionView } from './sessions.js'

const opened = (authMethod: AuthMethod, encryptedSessionSigningKey?: string): SessionView => ({
  session: {
    id: 'Session:019542f5-b3e7-1d02-0000-000000000005',
    platformId: authMethod.platformId,
    environment: 'SANDBOX',
    accountId: WALLET_ACCOUNT_ID,
    authMethodId: authMethod.id,
    publicKey: `02${'a1'.repeat(32)}`,
    expiresAt: new Date(STORED_AT.getTime() + 900_000),
    revokedAt: null,
    createdAt: STORED_AT,
    updatedAt: STORED_AT,
  },
  authMethod,
  encryptedSessionSigningKey,
})

/** The view as it travels (JSON). */
const roundTrip = (view: unknown): unknown => JSON.parse(JSON.stringify(view))

describe('the session views keep to the AuthSession contracts', () => {
  it.each(CREDENTIALS_BY_TYPE.map((method) => [method.type, method] as const))('a session opened with a %s credential', (_type, method) => {
    const json = roundTrip(authSessionView(opened(method)))
    expect(AuthSessionSchema.strict().parse(json)).toEqual(json)
  })

  it('a session as its opening answer shows it, with the sealed signing key', () => {
    const json = roundTrip(authSessionView(opened(CREDENTIALS_BY_TYPE[2]!, '{"encappedPublic":"04ab","ciphertext":"cd"}')))
    expect(AuthSessionSchema.strict().parse(json)).toEqual(json)
  })

  it("a wallet's sessions", () => {
    const json = roundTrip(authSessionListView(CREDENTIALS_BY_TYPE.map((method) => opened(method))))
    expect(AuthSessionListSchema.strict().parse(json)).toEqual(json)
  })
})
