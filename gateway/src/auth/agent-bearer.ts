/**
 * Which credentials a path takes: the agent-operation routes (`/agents/me...`) take only an
 * agent's Bearer token, redeeming a device code takes none (the code is the proof), everything
 * else takes only HTTP Basic. A Bearer token on a Basic route and Basic credentials on an agent
 * route are both 401.
 */
export type AuthScheme = 'BASIC' | 'AGENT_BEARER' | 'NONE'

// the path as the request names it, the version segment first
const AGENT_OPERATION_PATH = /^\/[^/]+\/agents\/me(?:\/|$)/
const REDEEM_PATH = /^\/[^/]+\/agents\/device-codes\/[^/]+\/redeem\/?$/

export function authSchemeOf(method: string, path: string): AuthScheme {
  if (AGENT_OPERATION_PATH.test(path)) return 'AGENT_BEARER'
  if (method === 'POST' && REDEEM_PATH.test(path)) return 'NONE'
  return 'BASIC'
}

// RFC 6750: `Bearer` (any case), one space or more, the token68 characters
const BEARER_HEADER = /^ *bearer +([A-Za-z0-9\-._~+/]+=*) *$/i

/** The token of an `Authorization: Bearer` header, or undefined when it is not one; never throws. */
export function parseBearerToken(header: string | undefined): string | undefined {
  return header === undefined ? undefined : BEARER_HEADER.exec(header)?.[1]
}

/** The credentials an agent's token stands for in the credential cache, which keys on a username and a secret. */
export const AGENT_BEARER_USERNAME = 'agent-bearer'
