import { serve, type ServerType } from '@hono/node-server'
import type { PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import { buildApp, type GatewayDeps } from '../../src/app.js'
import type { AuthCache } from '../../src/auth/auth-cache.js'
import { fakeGrpcClient } from '../support/fake-grpc-client.js'
import { testLogger } from '../support/framework-app.js'

export const BENCH_CUSTOMER_PATH = '/2025-10-13/customers/Customer:019542f5-b3e7-1d02-0000-000000000001'

/** The customer as the customers service answers it: the API's JSON, sent on as it is. */
const customerJson = JSON.stringify({
  id: 'Customer:019542f5-b3e7-1d02-0000-000000000001',
  customerType: 'INDIVIDUAL',
  platformCustomerId: 'ind-1',
  fullName: 'Jane Doe',
  address: { line1: '1 Main St', postalCode: '94105', country: 'US' },
  kycStatus: 'APPROVED',
  agreementConsents: [],
  createdAt: '2025-10-14T10:00:01.000Z',
  updatedAt: '2025-10-14T10:00:01.000Z',
  isDeleted: false,
})

/**
 * The real gateway app, served by @hono/node-server on 127.0.0.1, whose customers service answers
 * GET /customers/{id} at once: what a load generator measures is the gateway and its auth path.
 * Routes of other services are not for benchmarking and fail.
 */
export function serveBenchGateway(options: { port: number; authCache: AuthCache; platform?: PlatformServiceClient }): ServerType {
  const unused = {} as never
  const app = buildApp({
    platform: options.platform ?? unused,
    customers: fakeGrpcClient({ getCustomer: async () => ({ customerJson }) }),
    internalAccounts: unused,
    externalAccounts: unused,
    webhooks: unused,
    payments: unused,
    paymentsCatalog: unused,
    walletAuth: unused,
    agents: unused,
    cards: unused,
    stablecoins: unused,
    verification: unused as GatewayDeps['verification'],
    publicBaseUrl: 'http://localhost:3000',
    authCache: options.authCache,
    walletSignatures: unused,
    logger: testLogger(),
  })
  return serve({ fetch: app.fetch, port: options.port, hostname: '127.0.0.1' })
}
