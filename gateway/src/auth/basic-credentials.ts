import type { BasicCredentials } from './authenticator.js'

// RFC 7617: the scheme is case-insensitive and the token is base64 of `user-id ":" password`.
const BASIC_HEADER = /^ *basic +([A-Za-z0-9+/]+={0,2}) *$/i

/** The credentials of an `Authorization: Basic` header, or undefined when it is not one; never throws. */
export function parseBasicCredentials(header: string | undefined): BasicCredentials | undefined {
  const token = header === undefined ? undefined : BASIC_HEADER.exec(header)?.[1]
  if (token === undefined) return undefined
  const decoded = Buffer.from(token, 'base64').toString('utf8')
  // the user-id of Basic auth cannot contain a colon, so the first one separates the secret
  const colon = decoded.indexOf(':')
  if (colon <= 0 || colon === decoded.length - 1) return undefined
  return { clientId: decoded.slice(0, colon), clientSecret: decoded.slice(colon + 1) }
}
