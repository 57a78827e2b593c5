import { createRoute, z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { basicAuth, testLogger } from '../../test/support/framework-app.js'
import type { Permission } from '@pp/vocabulary'
import type { GatewayApp } from '../context.js'
import { createGatewayApp } from '../gateway-app.js'
import { requires } from './require-permission.js'

const ok = { 200: { description: 'OK', content: { 'application/json': { schema: z.object({ ok: z.boolean() }) } } } }

function registerRoutes(api: GatewayApp): void {
  for (const needed of ['VIEW', 'TRANSACT', 'MANAGE'] as const) {
    api.openapi(createRoute({ method: 'post', path: `/needs-${needed}`, ...requires(needed), responses: ok }), (c) => c.json({ ok: true }, 200))
  }
}

// The Basic username lists the token's permissions, joined by '+'.
const app = createGatewayApp({
  logger: testLogger(),
  authenticate: async ({ clientId }) => ({
    platformId: 'Platform:1', environment: 'SANDBOX', tokenId: 'Token:1', permissions: clientId.split('+') as Permission[],
  }),
  registerRoutes,
})

const statusOf = async (held: string, needed: Permission) =>
  (await app.request(`/2025-10-13/needs-${needed}`, { method: 'POST', headers: { Authorization: basicAuth(held, 'secret') } })).status

describe('requirePermission', () => {
  it.each([
    ['VIEW', 'VIEW', 200],
    ['MANAGE', 'VIEW', 200],
    ['TRANSACT', 'VIEW', 403],
    ['VIEW', 'MANAGE', 403],
    ['MANAGE', 'MANAGE', 200],
    ['TRANSACT', 'TRANSACT', 200],
    ['VIEW+MANAGE', 'TRANSACT', 403],
  ] as const)('answers a %s token on a route that needs %s with %i', async (held, needed, status) => {
    expect(await statusOf(held, needed)).toBe(status)
  })

  it('names the missing permission', async () => {
    const res = await app.request('/2025-10-13/needs-TRANSACT', { method: 'POST', headers: { Authorization: basicAuth('VIEW', 'secret') } })
    expect(await res.json()).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: 'This API token lacks the TRANSACT permission',
      reason: 'This API token lacks the TRANSACT permission',
      details: { requiredPermission: 'TRANSACT' },
    })
  })
})
