import { callUnary, createGrpcClient } from '@pp/grpc'
import { PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import type { PlatformConfigSource, PlatformSettings } from '../domain/platform-settings.js'
import type { Caller } from '../domain/types.js'

export interface PlatformConfigClient extends PlatformConfigSource {
  close(): void
}

/** Reads the caller's platform configuration from the platform service, which owns it. */
export function platformConfigClient(address: string): PlatformConfigClient {
  const client = createGrpcClient(PlatformServiceClient, address)
  return {
    async getConfig(caller: Caller): Promise<PlatformSettings> {
      const { facts } = await callUnary(client, client.getPlatformFacts, {}, caller)
      return {
        isRegulatedFinancialInstitution: facts?.isRegulatedFinancialInstitution ?? false,
        skipVerificationPaperwork: facts?.skipVerificationPaperwork ?? false,
        umaDomain: facts?.umaDomain,
      }
    },
    close: () => client.close(),
  }
}
