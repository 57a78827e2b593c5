import type { Hono } from 'hono'
import type { Logger } from '@pp/logging'
import type { AuthCache } from './auth/auth-cache.js'
import type { GatewayEnv } from './context.js'
import { createGatewayApp } from './gateway-app.js'
import type { GrpcClients } from './grpc/clients.js'
import type { VerificationClients } from './grpc/verification-clients.js'
import { cardRevealPageUrl, registerCardRevealPage } from './hosted/card-reveal-page.js'
import { registerHostedKycPages } from './hosted/kyc-pages.js'
import { registerAgentOperationRoutes } from './routes/agent-operations.js'
import { registerAgentRoutes } from './routes/agents.js'
import { registerAuthCredentialRoutes } from './routes/auth-credentials.js'
import { registerAuthDelegatedKeyRoutes } from './routes/auth-delegated-keys.js'
import { registerAuthSessionRoutes } from './routes/auth-sessions.js'
import { registerCardRoutes } from './routes/cards.js'
import { registerCatalogRoutes } from './routes/catalog.js'
import { registerConfigRoutes } from './routes/config.js'
import { customerContactSignature } from './routes/customer-contact-signature.js'
import { registerCustomerRoutes } from './routes/customers.js'
import { registerExternalAccountRoutes } from './routes/external-accounts.js'
import { registerKycVendorWebhook } from './routes/kyc-vendor.js'
import { registerInternalAccountRoutes, registerWalletAccountRoutes } from './routes/internal-accounts.js'
import { registerQuoteRoutes } from './routes/quotes.js'
import { registerSandboxRoutes } from './routes/sandbox.js'
import { registerSandboxCardRoutes } from './routes/sandbox-cards.js'
import { registerStablecoinRoutes } from './routes/stablecoins.js'
import { registerTokenRoutes } from './routes/tokens.js'
import { registerTransactionRoutes } from './routes/transactions.js'
import { registerTransferRoutes } from './routes/transfers.js'
import { registerVerificationRoutes } from './routes/verifications.js'
import { registerWebhookRoutes } from './routes/webhooks.js'
import type { TokenBuckets } from './rate-limit/token-buckets.js'
import type { GatewayReadiness } from './readiness.js'
import type { WalletSignatureGuard } from './wallet-signature/guard.js'

export interface GatewayDeps extends GrpcClients {
  /** The customers service's verification areas, served on its address. */
  verification: VerificationClients
  /** Where the hosted verification pages are reached from outside, for the links handed out. */
  publicBaseUrl: string
  /** Checks credentials through the platform service, remembering successes for a short time. */
  authCache: AuthCache
  /** Checks agents' Bearer tokens through the agents service, remembered like `authCache`; without it agent routes answer 401. */
  agentAuthCache?: AuthCache
  /** The signed-retry rule of every operation an embedded wallet's holder signs. */
  walletSignatures: WalletSignatureGuard
  /** Whether the services behind the gateway can serve; absent in tests of the app alone. */
  readiness?: GatewayReadiness
  /** The per-credential rate limits, shared across replicas; absent in tests of the app alone. */
  rateLimits?: TokenBuckets
  logger: Logger
}

/** The gateway's HTTP app, without a server: `main.ts` serves it, tests call `app.request()`. */
export function buildApp(deps: GatewayDeps): Hono<GatewayEnv> {
  const app = createGatewayApp({
    logger: deps.logger,
    authenticate: deps.authCache.authenticate,
    authenticateAgent: deps.agentAuthCache?.authenticate,
    readiness: deps.readiness && (() => deps.readiness!.check()),
    rateLimits: deps.rateLimits,
    registerRoutes(api) {
      registerConfigRoutes(api, deps.platform)
      // a token deleted through this replica stops working here at once, not after the TTL
      registerTokenRoutes(api, deps.platform, (tokenId) => deps.authCache.evictToken(tokenId))
      // before the customer routes: /customers/{customerId} would otherwise take /customers/internal-accounts
      registerInternalAccountRoutes(api, deps.internalAccounts)
      registerWalletAccountRoutes(api, { accounts: deps.internalAccounts, walletAuth: deps.walletAuth, walletSignatures: deps.walletSignatures })
      registerAuthCredentialRoutes(api, deps)
      registerAuthSessionRoutes(api, deps)
      registerAuthDelegatedKeyRoutes(api, deps)
      registerExternalAccountRoutes(api, deps.externalAccounts)
      registerCustomerRoutes(api, deps.customers, customerContactSignature({ walletAuth: deps.walletAuth, walletSignatures: deps.walletSignatures }))
      registerWebhookRoutes(api, deps.webhooks)
      registerQuoteRoutes(api, { payments: deps.payments, walletSignatures: deps.walletSignatures })
      registerTransactionRoutes(api, deps.payments, deps.agents)
      registerTransferRoutes(api, deps.payments)
      registerSandboxRoutes(api, { internalAccounts: deps.internalAccounts, payments: deps.payments })
      registerCatalogRoutes(api, deps.paymentsCatalog)
      registerCardRoutes(api, { cards: deps.cards, revealPageUrl: cardRevealPageUrl(deps.publicBaseUrl) })
      registerSandboxCardRoutes(api, deps.cards)
      registerStablecoinRoutes(api, deps.stablecoins)
      // the agent's own /agents/me routes before /agents/{agentId} would take "me" for an agent id
      registerAgentOperationRoutes(api, deps)
      registerAgentRoutes(api, deps.agents, (agentId) => deps.agentAuthCache?.evictTokenAndRefusals(agentId))
      registerVerificationRoutes(api, deps.verification, { publicBaseUrl: deps.publicBaseUrl })
    },
  })
  // the hosted pages are for end users: outside the versioned API and without platform credentials
  registerHostedKycPages(app, deps.verification.hosted, deps.logger)
  registerCardRevealPage(app, deps.cards, deps.logger)
  // a KYC vendor's signed decisions: outside the versioned API, the signature is the credential
  registerKycVendorWebhook(app, deps.verification.kycVendor)
  return app
}
