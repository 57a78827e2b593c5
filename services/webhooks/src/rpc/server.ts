import { startGrpcServer, type DependencyCheck, type RunningGrpcServer } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import { WebhooksOperatorServiceService } from '@pp/proto/webhooks/v1/operator'
import { WebhooksServiceService } from '@pp/proto/webhooks/v1/webhooks'
import type { WebhooksDeps } from '../domain/deps.js'
import { WEBHOOKS_OPERATOR_SERVICE_NAME, webhooksOperatorService } from './operator-service.js'
import { webhooksCallers } from './callers.js'
import { webhooksService } from './webhooks-service.js'

export const WEBHOOKS_SERVICE_NAME = 'webhooks.v1.WebhooksService'

/**
 * Serves webhooks.v1.WebhooksService (and health, with `dependencies`) on `address`, the operator
 * service on `operatorAddress` when given; port 0 picks a free port.
 */
export function buildWebhooksServer(
  deps: WebhooksDeps,
  address: string,
  logger: Logger,
  dependencies: DependencyCheck[] = [],
  operatorAddress?: string,
): Promise<RunningGrpcServer> {
  return startGrpcServer(
    address,
    [
      { name: WEBHOOKS_SERVICE_NAME, definition: WebhooksServiceService, implementation: webhooksService(deps, logger) },
      { name: WEBHOOKS_OPERATOR_SERVICE_NAME, definition: WebhooksOperatorServiceService, implementation: webhooksOperatorService(deps, logger) },
    ],
    logger,
    { dependencies, callers: webhooksCallers, operatorAddress },
  )
}
