import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Tenant } from '../types.js'

/** What a reveal token grants: one card of one tenant, once, until `expiresAt` (epoch ms). */
export interface RevealGrant extends Tenant {
  cardId: string
  expiresAt: number
}

/** A verified token's grant and its id, which the first opening takes. */
export interface VerifiedReveal extends RevealGrant {
  tokenId: string
}

const sign = (key: Buffer, payload: string): Buffer => createHmac('sha256', key).update(payload).digest()

/** `<payload>.<HMAC-SHA256>`, both base64url; a random token id makes every token distinct. */
export function signRevealToken(key: Buffer, grant: RevealGrant): string {
  const payload = Buffer.from(JSON.stringify({ ...grant, tokenId: randomBytes(16).toString('hex') })).toString('base64url')
  return `${payload}.${sign(key, payload).toString('base64url')}`
}

/** The grant of a token this service signed and that has not expired; undefined otherwise. */
export function verifyRevealToken(key: Buffer, token: string, now: Date): VerifiedReveal | undefined {
  const [payload, signature, ...rest] = token.split('.')
  if (!payload || !signature || rest.length > 0) return undefined
  const expected = sign(key, payload)
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  try {
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as VerifiedReveal
    const isLive = typeof grant.expiresAt === 'number' && grant.expiresAt > now.getTime() && typeof grant.tokenId === 'string'
    return isLive ? grant : undefined
  } catch {
    return undefined
  }
}
