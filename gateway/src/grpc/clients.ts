import { createGrpcClient } from '@pp/grpc'
import { CustomersServiceClient } from '@pp/proto/customers/v1/customers'
import { PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import type { GatewayConfig } from '../config.js'

export interface GrpcClients {
  platform: PlatformServiceClient
  customers: CustomersServiceClient
}

type ClientAddresses = Pick<GatewayConfig, 'PLATFORM_GRPC_ADDRESS' | 'CUSTOMERS_GRPC_ADDRESS'>

/** One long-lived channel per backing service; grpc-js reconnects on its own. */
export const createGrpcClients = (config: ClientAddresses): GrpcClients => ({
  platform: createGrpcClient(PlatformServiceClient, config.PLATFORM_GRPC_ADDRESS),
  customers: createGrpcClient(CustomersServiceClient, config.CUSTOMERS_GRPC_ADDRESS),
})

export function closeGrpcClients(clients: GrpcClients): void {
  clients.platform.close()
  clients.customers.close()
}
