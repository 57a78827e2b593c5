import { callUnary } from '@pp/grpc'
import { Environment, type PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import type { Authenticator } from '../auth/authenticator.js'
import type { Principal } from '../context.js'
import { permissionsFromProto } from './permissions.js'

/** Checks credentials with the platform service, which answers UNAUTHORIZED naming the failing check. */
export const platformAuthenticator = (platform: PlatformServiceClient): Authenticator =>
  async function authenticateWithPlatform(credentials, requestId) {
    const response = await callUnary(
      platform,
      platform.authenticateCredentials,
      { clientId: credentials.clientId, clientSecret: credentials.clientSecret },
      { requestId },
    )
    return {
      platformId: response.platformId,
      environment: environmentOf(response.environment),
      tokenId: response.tokenId,
      permissions: permissionsFromProto(response.permissions),
    }
  }

export function environmentOf(environment: Environment): Principal['environment'] {
  switch (environment) {
    case Environment.ENVIRONMENT_SANDBOX:
      return 'SANDBOX'
    case Environment.ENVIRONMENT_PRODUCTION:
      return 'PRODUCTION'
    default:
      // a token always belongs to one environment; anything else is a bug of the platform service
      throw new Error(`platform service answered environment ${environment}`)
  }
}
