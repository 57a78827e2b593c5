import { Validator } from '@seriousme/openapi-schema-validator'
import type { CustomersServiceClient } from '@pp/proto/customers/v1/customers'
import type { PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import { describe, expect, it } from 'vitest'
import { testLogger } from '../test/support/framework-app.js'
import { buildApp } from './app.js'
import { AuthCache } from './auth/auth-cache.js'

// Registering routes makes no call, so clients that are never dialled are enough here.
const app = buildApp({
  platform: {} as PlatformServiceClient,
  customers: {} as CustomersServiceClient,
  authCache: new AuthCache(async () => Promise.reject(new Error('not called')), { ttlMs: 0, maxEntries: 1 }),
  logger: testLogger(),
})

describe('buildApp', () => {
  it('documents every registered route in a valid OpenAPI 3.1 document', async () => {
    const res = await app.request('/2025-10-13/openapi.json')
    expect(res.status).toBe(200)
    const document = (await res.json()) as { paths: Record<string, unknown> }
    const validation = await new Validator().validate(document)
    expect(validation.errors).toBeUndefined()
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/config', '/tokens', '/tokens/{tokenId}', '/customers', '/customers/{customerId}']))
  })

  it('declares a permission on every operation: VIEW for reads, MANAGE for writes', async () => {
    const document = (await (await app.request('/2025-10-13/openapi.json')).json()) as {
      paths: Record<string, Record<string, { 'x-required-permission'?: string }>>
    }
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ method, path, permission: operation['x-required-permission'] })),
    )
    expect(operations).not.toHaveLength(0)
    for (const operation of operations) {
      expect(operation).toEqual({ ...operation, permission: operation.method === 'get' ? 'VIEW' : 'MANAGE' })
    }
  })

  it('puts every route behind authentication', async () => {
    for (const path of ['/config', '/tokens', '/customers']) {
      expect((await app.request(`/2025-10-13${path}`)).status).toBe(401)
    }
  })
})
