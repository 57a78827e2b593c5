import { callUnary } from '@pp/grpc'
import type { ApiToken, EnsurePlatformRequest, PlatformServiceClient } from '@pp/proto/platform/v1/platform'

export interface Credentials {
  platformId: string
  clientId: string
  clientSecret: string
}

export interface PlatformCredentials extends Credentials {
  production: Credentials
}

export const SEED_PLATFORM_NAME = 'Sandbox Platform'

/**
 * Makes sure a platform exists and issues it a fresh token pair: secrets are stored only as
 * hashes, so earlier ones cannot be shown again. Sandbox credentials at the top level.
 */
export async function ensurePlatform(client: PlatformServiceClient, request: EnsurePlatformRequest): Promise<PlatformCredentials> {
  const seeded = await callUnary(client, client.ensurePlatform, request, { requestId: 'seed' })
  const credentials = (token: ApiToken | undefined): Credentials => {
    if (!token?.clientSecret) throw new Error('the platform service issued no token secret')
    return { platformId: seeded.platformId, clientId: token.clientId, clientSecret: token.clientSecret }
  }
  return { ...credentials(seeded.sandboxToken), production: credentials(seeded.productionToken) }
}
