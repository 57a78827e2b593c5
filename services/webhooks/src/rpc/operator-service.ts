import { unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type {
  GetPlatformEndpointRequest,
  GetPlatformEndpointResponse,
  ListSigningKeysRequest,
  ListSigningKeysResponse,
  ResumePlatformEndpointRequest,
  ResumePlatformEndpointResponse,
  RotateSigningKeyRequest,
  RotateSigningKeyResponse,
  WebhooksOperatorServiceServer,
} from '@pp/proto/webhooks/v1/operator'
import type { WebhooksDeps } from '../domain/deps.js'
import { getEndpointStatus } from '../domain/endpoint/endpoint-status.js'
import { operatorTenant, resumeEndpoint } from '../domain/endpoint/resume-endpoint.js'
import { listSigningKeys } from '../domain/signing/list-signing-keys.js'
import { rotateSigningKey } from '../domain/signing/rotate-signing-key.js'

export const WEBHOOKS_OPERATOR_SERVICE_NAME = 'webhooks.v1.WebhooksOperatorService'

/**
 * webhooks.v1.WebhooksOperatorService: the operator's calls on signing keys and on a platform's
 * endpoint (named in the request); the gateway has no client of it. A key's view has the proto
 * message's shape already.
 */
export function webhooksOperatorService(deps: WebhooksDeps, logger: Logger): WebhooksOperatorServiceServer {
  return unaryService(logger, {
    async rotateSigningKey(request: RotateSigningKeyRequest): Promise<RotateSigningKeyResponse> {
      return rotateSigningKey(deps, { environment: request.environment, overlapSeconds: request.overlapSeconds })
    },
    async listSigningKeys(request: ListSigningKeysRequest): Promise<ListSigningKeysResponse> {
      return { keys: await listSigningKeys(deps.db, request.environment) }
    },
    async getPlatformEndpoint(request: GetPlatformEndpointRequest): Promise<GetPlatformEndpointResponse> {
      return { endpointJson: JSON.stringify(await getEndpointStatus(deps, operatorTenant(request))) }
    },
    async resumePlatformEndpoint(request: ResumePlatformEndpointRequest): Promise<ResumePlatformEndpointResponse> {
      return { endpointJson: JSON.stringify(await resumeEndpoint(deps, request)) }
    },
  })
}
