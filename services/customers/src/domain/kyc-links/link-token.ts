import { createHash, randomBytes } from 'node:crypto'

const TOKEN_BYTES = 32
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/

/** 256 random bits: the hosted link's only credential. */
export const newLinkToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url')

/** Links are looked up by this hash, so a leaked table does not leak usable links. */
export const hashLinkToken = (token: string): string => createHash('sha256').update(token).digest('hex')

export const isLinkTokenShaped = (token: string): boolean => TOKEN_FORMAT.test(token)
