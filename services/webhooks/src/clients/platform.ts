import { isApiError } from '@pp/errors'
import { callUnary, createGrpcClient } from '@pp/grpc'
import { PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import { endpointConfigOf, UNCONFIGURED, type PlatformConfigSource } from '../domain/endpoint/config.js'

export interface PlatformConfigClient extends PlatformConfigSource {
  close(): void
}

/** Reads a tenant's configuration (the API's PlatformConfig) from the platform service, which owns it. */
export function platformConfigClient(address: string): PlatformConfigClient {
  const client = createGrpcClient(PlatformServiceClient, address)
  return {
    async configOf(tenant) {
      try {
        const { configJson } = await callUnary(client, client.getPlatformConfig, {}, { ...tenant, requestId: 'webhooks-endpoint' })
        return endpointConfigOf(JSON.parse(configJson)) ?? UNCONFIGURED
      } catch (err) {
        // a tenant the platform service does not know has nowhere to send to
        if (isApiError(err) && err.code === 'PLATFORM_NOT_FOUND') return UNCONFIGURED
        throw err
      }
    },
    close: () => client.close(),
  }
}
