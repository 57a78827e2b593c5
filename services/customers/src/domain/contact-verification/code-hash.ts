import { createHash, timingSafeEqual } from 'node:crypto'

/** Codes are kept hashed with what they verify, so a code for one address never confirms another. */
export const hashContactCode = (customerId: string, channel: string, sentTo: string, code: string): string =>
  createHash('sha256').update(`${customerId}\n${channel}\n${sentTo}\n${code}`).digest('hex')

export const isSameHash = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))
