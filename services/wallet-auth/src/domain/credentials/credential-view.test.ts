import { AuthCredentialChallengeResponseSchema, AuthMethodListSchema, AuthMethodSchema, PasskeyAuthChallengeSchema } from '@pp/contracts'
import { describe, expect, it } from 'vitest'
import { CREDENTIALS_BY_TYPE, STORED_AT } from '../../../test/records.js'
import { authMethodListView, authMethodView, credentialChallengeView } from './credential-view.js'

/** The view as it travels (JSON). */
const roundTrip = (view: unknown): unknown => JSON.parse(JSON.stringify(view))
const [emailOtp, , passkey] = CREDENTIALS_BY_TYPE

describe('the credential views keep to the AuthMethod contracts', () => {
  it.each(CREDENTIALS_BY_TYPE.map((method) => [method.type, method] as const))('a %s credential', (_type, method) => {
    const json = roundTrip(authMethodView(method))
    expect(AuthMethodSchema.strict().parse(json)).toEqual(json)
  })

  it('an OTP credential that just sent a code, with its target bundle', () => {
    const json = roundTrip(authMethodView(emailOtp!, '{"encappedPublic":"04ab"}'))
    expect(AuthMethodSchema.strict().parse(json)).toEqual(json)
  })

  it("a wallet's credentials", () => {
    const json = roundTrip(authMethodListView(CREDENTIALS_BY_TYPE))
    expect(AuthMethodListSchema.strict().parse(json)).toEqual(json)
  })

  it("an OTP challenge's answer: the credential with a fresh target bundle", () => {
    const json = roundTrip(credentialChallengeView({ authMethod: emailOtp!, otpEncryptionTargetBundle: '{"encappedPublic":"04ab"}' }))
    expect(AuthCredentialChallengeResponseSchema.parse(json)).toEqual(json)
    expect(AuthMethodSchema.strict().parse(json)).toEqual(json)
  })

  it("a passkey challenge's answer: the credential and the challenge to sign", () => {
    const challenge = { challenge: 'ab'.repeat(32), requestId: 'Request:019542f5-b3e7-1d02-0000-00000000000a', expiresAt: new Date(STORED_AT.getTime() + 300_000) }
    const json = roundTrip(credentialChallengeView({ authMethod: passkey!, passkey: challenge }))
    expect(AuthCredentialChallengeResponseSchema.parse(json)).toEqual(json)
    expect(PasskeyAuthChallengeSchema.strict().parse(json)).toEqual(json)
  })
})
