import { callUnary, createGrpcClient } from '@pp/grpc'
import { PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import type { PlatformConfigSource, PlatformSettings } from '../domain/platform-settings.js'
import { tenantOf, type Origin } from '../domain/types.js'

export interface PlatformConfigClient extends PlatformConfigSource {
  close(): void
}

/** Reads a tenant's platform configuration from the platform service, which owns it. */
export function platformConfigClient(address: string): PlatformConfigClient {
  const client = createGrpcClient(PlatformServiceClient, address)
  return {
    async getSettings(origin: Origin): Promise<PlatformSettings> {
      const { facts } = await callUnary(client, client.getPlatformFacts, {}, { ...tenantOf(origin), requestId: origin.requestId ?? 'ledger-provisioning' })
      return {
        isRegulatedFinancialInstitution: facts?.isRegulatedFinancialInstitution ?? false,
        supportedCurrencies: facts?.supportedCurrencies ?? [],
      }
    },
    close: () => client.close(),
  }
}
