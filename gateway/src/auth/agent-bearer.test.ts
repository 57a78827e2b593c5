import { describe, expect, it } from 'vitest'
import { authSchemeOf, parseBearerToken } from './agent-bearer.js'

describe('authSchemeOf', () => {
  it("takes an agent's Bearer token on /agents/me routes alone, nothing to redeem a device code, Basic elsewhere", () => {
    expect(authSchemeOf('GET', '/2025-10-13/agents/me')).toBe('AGENT_BEARER')
    expect(authSchemeOf('POST', '/2025-10-13/agents/me/quotes/Quote:1/execute')).toBe('AGENT_BEARER')
    expect(authSchemeOf('POST', '/2025-10-13/agents/device-codes/AGENT-AAAA-BBBB-CCCC-DDDD/redeem')).toBe('NONE')
    expect(authSchemeOf('GET', '/2025-10-13/agents/device-codes/AGENT-AAAA-BBBB-CCCC-DDDD/redeem')).toBe('BASIC')
    expect(authSchemeOf('GET', '/2025-10-13/agents/device-codes/AGENT-AAAA-BBBB-CCCC-DDDD/status')).toBe('BASIC')
    expect(authSchemeOf('GET', '/2025-10-13/agents/mercury')).toBe('BASIC')
    expect(authSchemeOf('GET', '/2025-10-13/agents/Agent:1')).toBe('BASIC')
    expect(authSchemeOf('GET', '/2025-10-13/customers')).toBe('BASIC')
  })
})

describe('parseBearerToken', () => {
  it('reads the token of a Bearer header, in any case of the scheme, and nothing else', () => {
    expect(parseBearerToken('Bearer agt_abc-_1')).toBe('agt_abc-_1')
    expect(parseBearerToken('bearer  agt_abc ')).toBe('agt_abc')
    expect(parseBearerToken('Basic dXNlcjpwYXNz')).toBeUndefined()
    expect(parseBearerToken('Bearer a b')).toBeUndefined()
    expect(parseBearerToken(undefined)).toBeUndefined()
  })
})
