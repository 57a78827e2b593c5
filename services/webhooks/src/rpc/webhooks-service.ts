import { callerOf, unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type {
  CreateReplayRequest,
  CreateReplayResponse,
  GetDeliveryRequest,
  GetDeliveryResponse,
  GetEndpointStatusRequest,
  GetEndpointStatusResponse,
  GetReplayRequest,
  GetReplayResponse,
  GetSigningPublicKeyRequest,
  GetSigningPublicKeyResponse,
  ListDeliveriesRequest,
  ListDeliveriesResponse,
  RedeliverDeliveryRequest,
  RedeliverDeliveryResponse,
  SendTestWebhookRequest,
  SendTestWebhookResponse,
  WebhooksServiceServer,
} from '@pp/proto/webhooks/v1/webhooks'
import type { WebhooksDeps } from '../domain/deps.js'
import { createReplay } from '../domain/delivery/create-replay.js'
import { getReplay } from '../domain/delivery/get-replay.js'
import { redeliverDelivery } from '../domain/delivery/redeliver.js'
import { sendTestWebhook } from '../domain/delivery/send-test-webhook.js'
import { getEndpointStatus } from '../domain/endpoint/endpoint-status.js'
import { getDelivery } from '../domain/log/get-delivery.js'
import { listDeliveries } from '../domain/log/list-deliveries.js'
import { deliveryJson, deliveryPageJson } from '../domain/log/view.js'
import { signingKeyView } from '../domain/signing/public-key.js'
import { deliveryToProto } from './mapping.js'

/**
 * webhooks.v1.WebhooksService: each method maps its message, runs one use case, maps the answer.
 * What the API shows answers as the JSON of its view; the delivery log also answers typed, for
 * callers inside the deployment.
 */
export function webhooksService(deps: WebhooksDeps, logger: Logger): WebhooksServiceServer {
  return unaryService(logger, {
    async sendTestWebhook(request: SendTestWebhookRequest, ctx): Promise<SendTestWebhookResponse> {
      return { resultJson: JSON.stringify(await sendTestWebhook(deps, callerOf(ctx), request.url || undefined)) }
    },
    async listDeliveries(request: ListDeliveriesRequest, ctx): Promise<ListDeliveriesResponse> {
      const page = await listDeliveries(deps.db, callerOf(ctx), request)
      return { ...page, data: page.data.map(deliveryToProto), pageJson: JSON.stringify(deliveryPageJson(page)) }
    },
    async getDelivery(request: GetDeliveryRequest, ctx): Promise<GetDeliveryResponse> {
      const delivery = await getDelivery(deps.db, callerOf(ctx), request.deliveryId)
      return { delivery: deliveryToProto(delivery), deliveryJson: JSON.stringify(deliveryJson(delivery, { withPayload: true })) }
    },
    async redeliverDelivery(request: RedeliverDeliveryRequest, ctx): Promise<RedeliverDeliveryResponse> {
      return { deliveryJson: JSON.stringify(await redeliverDelivery(deps, callerOf(ctx), request.deliveryId)) }
    },
    async createReplay(request: CreateReplayRequest, ctx): Promise<CreateReplayResponse> {
      return { replayJson: JSON.stringify(await createReplay(deps, callerOf(ctx), request)) }
    },
    async getReplay(request: GetReplayRequest, ctx): Promise<GetReplayResponse> {
      return { replayJson: JSON.stringify(await getReplay(deps, callerOf(ctx), request.replayId)) }
    },
    async getEndpointStatus(_request: GetEndpointStatusRequest, ctx): Promise<GetEndpointStatusResponse> {
      return { endpointJson: JSON.stringify(await getEndpointStatus(deps, callerOf(ctx))) }
    },
    async getSigningPublicKey(_request: GetSigningPublicKeyRequest, ctx): Promise<GetSigningPublicKeyResponse> {
      return { signingKeyJson: JSON.stringify(signingKeyView(deps.keys, callerOf(ctx).environment)) }
    },
  })
}
