import type { Hono } from 'hono'
import type { Logger } from '@pp/logging'
import type { CustomersServiceClient } from '@pp/proto/customers/v1/customers'
import type { PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import type { AuthCache } from './auth/auth-cache.js'
import type { GatewayEnv } from './context.js'
import { createGatewayApp } from './gateway-app.js'
import { registerConfigRoutes } from './routes/config.js'
import { registerCustomerRoutes } from './routes/customers.js'
import { registerTokenRoutes } from './routes/tokens.js'

export interface GatewayDeps {
  platform: PlatformServiceClient
  customers: CustomersServiceClient
  /** Checks credentials through the platform service, remembering successes for a short time. */
  authCache: AuthCache
  logger: Logger
}

/** The gateway's HTTP app, without a server: `main.ts` serves it, tests call `app.request()`. */
export function buildApp(deps: GatewayDeps): Hono<GatewayEnv> {
  return createGatewayApp({
    logger: deps.logger,
    authenticate: deps.authCache.authenticate,
    registerRoutes(api) {
      registerConfigRoutes(api, deps.platform)
      // a token deleted through this replica stops working here at once, not after the TTL
      registerTokenRoutes(api, deps.platform, (tokenId) => deps.authCache.evictToken(tokenId))
      registerCustomerRoutes(api, deps.customers)
    },
  })
}
