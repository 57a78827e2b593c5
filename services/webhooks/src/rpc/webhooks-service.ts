import { callerOf, unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type {
  GetDeliveryRequest,
  GetDeliveryResponse,
  GetSigningPublicKeyRequest,
  GetSigningPublicKeyResponse,
  ListDeliveriesRequest,
  ListDeliveriesResponse,
  SendTestWebhookRequest,
  SendTestWebhookResponse,
  WebhooksServiceServer,
} from '@pp/proto/webhooks/v1/webhooks'
import type { WebhooksDeps } from '../domain/deps.js'
import { sendTestWebhook } from '../domain/delivery/send-test-webhook.js'
import { getDelivery } from '../domain/log/get-delivery.js'
import { listDeliveries } from '../domain/log/list-deliveries.js'
import { signingKeyView } from '../domain/signing/public-key.js'
import { deliveryToProto } from './mapping.js'

/**
 * webhooks.v1.WebhooksService: each method maps its message, runs one use case, maps the answer.
 * What the API shows answers as the JSON of its view; the delivery log stays typed.
 */
export function webhooksService(deps: WebhooksDeps, logger: Logger): WebhooksServiceServer {
  return unaryService(logger, {
    async sendTestWebhook(request: SendTestWebhookRequest, ctx): Promise<SendTestWebhookResponse> {
      return { resultJson: JSON.stringify(await sendTestWebhook(deps, callerOf(ctx), request.url || undefined)) }
    },
    async listDeliveries(request: ListDeliveriesRequest, ctx): Promise<ListDeliveriesResponse> {
      const page = await listDeliveries(deps.db, callerOf(ctx), request)
      return { ...page, data: page.data.map(deliveryToProto) }
    },
    async getDelivery(request: GetDeliveryRequest, ctx): Promise<GetDeliveryResponse> {
      return { delivery: deliveryToProto(await getDelivery(deps.db, callerOf(ctx), request.deliveryId)) }
    },
    async getSigningPublicKey(_request: GetSigningPublicKeyRequest, ctx): Promise<GetSigningPublicKeyResponse> {
      return { signingKeyJson: JSON.stringify(signingKeyView(deps.keys, callerOf(ctx).environment)) }
    },
  })
}
