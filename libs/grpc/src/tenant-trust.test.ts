import { createHash, createPublicKey, generateKeyPairSync } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TENANT_TOKEN_TTL_MS, verifyTenantToken } from './tenant-token.js'
import { configureTenantTokenSigning, tenantTokenFor } from './tenant-trust.js'

const { privateKey } = generateKeyPairSync('ed25519')
const keyId = createHash('sha256').update(createPublicKey(privateKey).export({ type: 'spki', format: 'der' })).digest('base64url').slice(0, 16)
const believed = new Map([[keyId, createPublicKey(privateKey)]])
const tenant = { platformId: 'Platform:1', environment: 'SANDBOX' as const, permissions: ['VIEW', 'TRANSACT'] }

afterEach(() => vi.useRealTimers())

describe("the gateway's tenant tokens", () => {
  it('are one per tenant and permission set for a minute, each with at least four minutes left when handed out', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 29), toFake: ['Date'] })
    configureTenantTokenSigning({ keyId, privateKey })
    const first = tenantTokenFor(tenant)!
    vi.advanceTimersByTime(59_000)
    expect(tenantTokenFor(tenant)).toBe(first)
    expect(verifyTenantToken(first, believed).expiresAtMs - Date.now()).toBeGreaterThanOrEqual(TENANT_TOKEN_TTL_MS - 60_000)
    expect(tenantTokenFor({ ...tenant, permissions: ['VIEW'] })).not.toBe(first)
    expect(tenantTokenFor({ ...tenant, environment: 'PRODUCTION' })).not.toBe(first)
    expect(verifyTenantToken(tenantTokenFor({ ...tenant, platformId: 'Platform:2' })!, believed)).toMatchObject({ platformId: 'Platform:2' })

    vi.advanceTimersByTime(1_000)
    const next = tenantTokenFor(tenant)!
    expect(next).not.toBe(first)
    expect(verifyTenantToken(next, believed)).toEqual({ ...tenant, expiresAtMs: Date.now() + TENANT_TOKEN_TTL_MS })
  })
})
