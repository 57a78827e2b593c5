import { createHash, randomBytes, randomInt } from 'node:crypto'

/**
 * Device codes and access tokens: high-entropy secrets kept only as their SHA-256. A plain hash
 * (not scrypt) is enough for secrets this long, and keeps a wrong token to one indexed read.
 */

// no 0/O, 1/I/L: the code is read off a screen and typed in
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const CODE_GROUPS = 4
const CODE_GROUP_LENGTH = 4
const TOKEN_PREFIX = 'agt_'
// 4 groups of 4 from 31 symbols: about 79 bits, too many to guess while a code lives
const CODE_PATTERN = new RegExp(`^AGENT(-[${CODE_ALPHABET}]{${CODE_GROUP_LENGTH}}){${CODE_GROUPS}}$`)
const TOKEN_PATTERN = /^agt_[A-Za-z0-9_-]{43}$/

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex')

/** `AGENT-XXXX-XXXX-XXXX-XXXX`. */
export function newDeviceCode(): string {
  const group = () => Array.from({ length: CODE_GROUP_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')
  return ['AGENT', ...Array.from({ length: CODE_GROUPS }, group)].join('-')
}

export const isDeviceCode = (code: string): boolean => CODE_PATTERN.test(code)

/** 256 random bits. */
export const newAccessToken = (): string => `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`

export const isAccessToken = (token: string): boolean => TOKEN_PATTERN.test(token)
