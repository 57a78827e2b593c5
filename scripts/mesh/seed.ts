import { callUnary, createGrpcClient } from '@pp/grpc'
import { PlatformServiceClient, type EnsurePlatformRequest, type IssuedToken } from '@pp/proto/platform/v1/platform'

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
 * Seeding hashes new token secrets with scrypt, and `pnpm start` seeds while the other services
 * are still starting on the same cores: allow it far longer than a request's deadline.
 */
const SEED_DEADLINE_MS = 60_000

/**
 * Makes sure a platform exists and issues it a fresh token pair: secrets are stored only as
 * hashes, so earlier ones cannot be shown again. Sandbox credentials at the top level.
 */
export async function ensurePlatform(client: PlatformServiceClient, request: EnsurePlatformRequest): Promise<PlatformCredentials> {
  const seeded = await callUnary(client, client.ensurePlatform, request, { requestId: 'seed' }, SEED_DEADLINE_MS)
  const credentials = (token: IssuedToken | undefined): Credentials => {
    if (!token?.clientSecret) throw new Error('the platform service issued no token secret')
    return { platformId: seeded.platformId, clientId: token.clientId, clientSecret: token.clientSecret }
  }
  return { ...credentials(seeded.sandboxToken), production: credentials(seeded.productionToken) }
}

/** ensurePlatform through a client of its own, for scripts that ask the platform service once. */
export async function ensurePlatformAt(address: string, request: EnsurePlatformRequest): Promise<PlatformCredentials> {
  const client = createGrpcClient(PlatformServiceClient, address)
  return ensurePlatform(client, request).finally(() => client.close())
}
