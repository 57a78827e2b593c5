import type { CallerTable } from '@pp/grpc'

/**
 * Who may call each method of the webhooks service, by identity (see CallerTable in @pp/grpc and
 * the identities in README's "Identities and authorization"). Each list names every process
 * whose code calls the method (its gRPC clients, found by their calls): a service calling a
 * method it is not listed for is refused with FORBIDDEN. `admin` is served on the operator
 * port only.
 */
export const webhooksCallers: CallerTable = {
  '/webhooks.v1.WebhooksOperatorService/RotateSigningKey': ['admin'],
  '/webhooks.v1.WebhooksOperatorService/ListSigningKeys': ['admin'],
  '/webhooks.v1.WebhooksOperatorService/GetPlatformEndpoint': ['admin'],
  '/webhooks.v1.WebhooksOperatorService/ResumePlatformEndpoint': ['admin'],
  '/webhooks.v1.WebhooksService/SendTestWebhook': ['gateway'],
  '/webhooks.v1.WebhooksService/ListDeliveries': ['gateway'],
  '/webhooks.v1.WebhooksService/GetDelivery': ['gateway'],
  '/webhooks.v1.WebhooksService/GetSigningPublicKey': ['gateway'],
  '/webhooks.v1.WebhooksService/RedeliverDelivery': ['gateway'],
  '/webhooks.v1.WebhooksService/CreateReplay': ['gateway'],
  '/webhooks.v1.WebhooksService/GetReplay': ['gateway'],
  '/webhooks.v1.WebhooksService/GetEndpointStatus': ['gateway'],
}
