import type { Metadata } from '@grpc/grpc-js'
import { Environment, Permission, type AuthenticateCredentialsResponse, type PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import { describe, expect, it } from 'vitest'
import { platformAuthenticator } from './platform-authenticator.js'

/** A client whose AuthenticateCredentials answers `response` and records the request id it was sent. */
function fakePlatform(response: Partial<AuthenticateCredentialsResponse>) {
  const seen: { request?: unknown; requestId?: unknown } = {}
  const client = {
    authenticateCredentials(request: unknown, metadata: Metadata, _options: unknown, callback: (err: null, res: unknown) => void) {
      seen.request = request
      seen.requestId = metadata.get('x-request-id')[0]
      callback(null, { platformId: 'Platform:1', tokenId: 'Token:1', permissions: [], ...response })
    },
  }
  return { client: client as unknown as PlatformServiceClient, seen }
}

describe('platformAuthenticator', () => {
  it('maps the platform service answer to a principal and forwards the request id', async () => {
    const permissions = [Permission.PERMISSION_VIEW, Permission.PERMISSION_MANAGE]
    const { client, seen } = fakePlatform({ environment: Environment.ENVIRONMENT_PRODUCTION, permissions })
    const principal = await platformAuthenticator(client)({ clientId: 'client1', clientSecret: 's3cret' }, 'req-1')
    expect(principal).toEqual({ platformId: 'Platform:1', environment: 'PRODUCTION', tokenId: 'Token:1', permissions: ['VIEW', 'MANAGE'] })
    expect(seen).toEqual({ request: { clientId: 'client1', clientSecret: 's3cret' }, requestId: 'req-1' })
  })

  it('maps the sandbox environment and refuses an unspecified one', async () => {
    const sandbox = fakePlatform({ environment: Environment.ENVIRONMENT_SANDBOX }).client
    expect((await platformAuthenticator(sandbox)({ clientId: 'c', clientSecret: 's' }, 'req')).environment).toBe('SANDBOX')
    const unspecified = fakePlatform({ environment: Environment.ENVIRONMENT_UNSPECIFIED }).client
    await expect(platformAuthenticator(unspecified)({ clientId: 'c', clientSecret: 's' }, 'req')).rejects.toThrow(/environment/)
  })

  it('drops a permission it does not know, so it grants nothing', async () => {
    const permissions = [Permission.PERMISSION_UNSPECIFIED, Permission.PERMISSION_TRANSACT, Permission.UNRECOGNIZED]
    const { client } = fakePlatform({ environment: Environment.ENVIRONMENT_SANDBOX, permissions })
    expect((await platformAuthenticator(client)({ clientId: 'c', clientSecret: 's' }, 'req')).permissions).toEqual(['TRANSACT'])
  })
})
