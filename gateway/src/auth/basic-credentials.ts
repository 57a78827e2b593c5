import type { BasicCredentials } from './authenticator.js'

// RFC 7617: the scheme is case-insensitive and the token is base64 of `user-id ":" password`.
const BASIC_HEADER = /^ *basic +([A-Za-z0-9+/]+={0,2}) *$/i
// The spec's username is the API token id, `Token:<uuid>`, whose colon RFC 7617 would not allow.
const TOKEN_ID_PREFIX = 'Token:'

/**
 * The credentials of an `Authorization: Basic` header, or undefined when it is not one; never
 * throws. The username is a token id (`Token:<uuid>`, up to the colon after the uuid) or a
 * client id (up to the first colon); the secret is the rest and may itself contain colons.
 */
export function parseBasicCredentials(header: string | undefined): BasicCredentials | undefined {
  const token = header === undefined ? undefined : BASIC_HEADER.exec(header)?.[1]
  if (token === undefined) return undefined
  const decoded = Buffer.from(token, 'base64').toString('utf8')
  const colon = decoded.startsWith(TOKEN_ID_PREFIX) ? decoded.indexOf(':', TOKEN_ID_PREFIX.length) : decoded.indexOf(':')
  if (colon <= 0 || colon === decoded.length - 1) return undefined
  return { clientId: decoded.slice(0, colon), clientSecret: decoded.slice(colon + 1) }
}
