import { describe, expect, it } from 'vitest'
import { signRevealToken, verifyRevealToken } from './reveal-token.js'

const key = Buffer.alloc(32, 7)
const now = new Date('2026-11-27T10:00:00Z')
const grant = { platformId: 'Platform:1', environment: 'SANDBOX' as const, cardId: 'Card:1', expiresAt: now.getTime() + 60_000 }

describe('reveal tokens', () => {
  it('grant what they were signed for until they expire', () => {
    const token = signRevealToken(key, grant)
    expect(verifyRevealToken(key, token, now)).toMatchObject(grant)
    expect(verifyRevealToken(key, token, new Date(grant.expiresAt))).toBeUndefined()
  })

  it('grant nothing when forged, altered or signed with another key', () => {
    const token = signRevealToken(key, grant)
    const [payload, signature] = token.split('.')
    const altered = Buffer.from(JSON.stringify({ ...grant, cardId: 'Card:2' })).toString('base64url')
    expect(verifyRevealToken(key, `${altered}.${signature}`, now)).toBeUndefined()
    expect(verifyRevealToken(Buffer.alloc(32, 8), token, now)).toBeUndefined()
    expect(verifyRevealToken(key, `${payload}.`, now)).toBeUndefined()
    expect(verifyRevealToken(key, 'garbage', now)).toBeUndefined()
  })
})
