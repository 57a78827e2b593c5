import { callUnary, createGrpcClient } from '@pp/grpc'
import { PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import type { EndpointSource } from '../domain/delivery/endpoints.js'

export interface PlatformEndpointClient extends EndpointSource {
  close(): void
}

/** Reads a tenant's webhookEndpoint from the platform service, which owns the configuration. */
export function platformEndpointClient(address: string): PlatformEndpointClient {
  const client = createGrpcClient(PlatformServiceClient, address)
  return {
    async endpointOf(tenant) {
      const { facts } = await callUnary(client, client.getPlatformFacts, {}, { ...tenant, requestId: 'webhooks-delivery' })
      return facts?.webhookEndpoint || undefined
    },
    close: () => client.close(),
  }
}
