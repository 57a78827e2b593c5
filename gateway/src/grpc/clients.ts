import { createGrpcClient } from '@pp/grpc'
import { CardsServiceClient } from '@pp/proto/cards/v1/cards'
import { CustomersServiceClient } from '@pp/proto/customers/v1/customers'
import { ExternalAccountsServiceClient } from '@pp/proto/ledger/v1/external_accounts'
import { InternalAccountsServiceClient } from '@pp/proto/ledger/v1/internal_accounts'
import { PaymentsCatalogServiceClient } from '@pp/proto/payments/v1/catalog'
import { PaymentsServiceClient } from '@pp/proto/payments/v1/payments'
import { AgentsServiceClient } from '@pp/proto/agents/v1/agents'
import { PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import { StablecoinsServiceClient } from '@pp/proto/stablecoins/v1/stablecoins'
import { WalletAuthServiceClient } from '@pp/proto/wallet_auth/v1/wallet_auth'
import { WebhooksServiceClient } from '@pp/proto/webhooks/v1/webhooks'
import type { GatewayConfig } from '../config.js'

export interface GrpcClients {
  platform: PlatformServiceClient
  customers: CustomersServiceClient
  internalAccounts: InternalAccountsServiceClient
  externalAccounts: ExternalAccountsServiceClient
  webhooks: WebhooksServiceClient
  payments: PaymentsServiceClient
  /** Rates, directories, fee estimates and receiver look-ups: the payments service's catalogue. */
  paymentsCatalog: PaymentsCatalogServiceClient
  walletAuth: WalletAuthServiceClient
  cards: CardsServiceClient
  /** Agents, their device codes and access tokens, and what they do (the agents service). */
  agents: AgentsServiceClient
  stablecoins: StablecoinsServiceClient
}

type ClientAddresses = Pick<
  GatewayConfig,
  'PLATFORM_GRPC_ADDRESS' | 'CUSTOMERS_GRPC_ADDRESS' | 'LEDGER_GRPC_ADDRESS' | 'PAYMENTS_GRPC_ADDRESS' | 'WEBHOOKS_GRPC_ADDRESS' | 'WALLET_AUTH_GRPC_ADDRESS' | 'CARDS_GRPC_ADDRESS' | 'STABLECOINS_GRPC_ADDRESS' | 'AGENTS_GRPC_ADDRESS'
>

/** One long-lived channel per backing service; grpc-js reconnects on its own. */
export const createGrpcClients = (config: ClientAddresses): GrpcClients => ({
  platform: createGrpcClient(PlatformServiceClient, config.PLATFORM_GRPC_ADDRESS),
  customers: createGrpcClient(CustomersServiceClient, config.CUSTOMERS_GRPC_ADDRESS),
  internalAccounts: createGrpcClient(InternalAccountsServiceClient, config.LEDGER_GRPC_ADDRESS),
  externalAccounts: createGrpcClient(ExternalAccountsServiceClient, config.LEDGER_GRPC_ADDRESS),
  webhooks: createGrpcClient(WebhooksServiceClient, config.WEBHOOKS_GRPC_ADDRESS),
  payments: createGrpcClient(PaymentsServiceClient, config.PAYMENTS_GRPC_ADDRESS),
  paymentsCatalog: createGrpcClient(PaymentsCatalogServiceClient, config.PAYMENTS_GRPC_ADDRESS),
  walletAuth: createGrpcClient(WalletAuthServiceClient, config.WALLET_AUTH_GRPC_ADDRESS),
  cards: createGrpcClient(CardsServiceClient, config.CARDS_GRPC_ADDRESS),
  agents: createGrpcClient(AgentsServiceClient, config.AGENTS_GRPC_ADDRESS),
  stablecoins: createGrpcClient(StablecoinsServiceClient, config.STABLECOINS_GRPC_ADDRESS),
})

/** Closes every channel of a set of clients (these, or the verification clients). */
export function closeClients<T extends { [K in keyof T]: { close(): void } }>(clients: T): void {
  for (const client of Object.values<{ close(): void }>(clients)) client.close()
}
