import { createRoute } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import type { WebhooksServiceClient } from '@pp/proto/webhooks/v1/webhooks'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import {
  DeliveryIdParamsSchema,
  errorResponses,
  IdempotencyHeadersSchema,
  ListWebhookDeliveriesQuerySchema,
  ReplayIdParamsSchema,
  TestWebhookRequestSchema,
  type TestWebhookResponse,
  TestWebhookResponseSchema,
  type WebhookDelivery,
  type WebhookDeliveryListJson,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  type WebhookEndpointStatus,
  WebhookEndpointStatusSchema,
  type WebhookReplay,
  WebhookReplayRequestSchema,
  WebhookReplaySchema,
  type WebhookSigningKey,
  WebhookSigningKeySchema,
} from '@pp/contracts'
import { json, jsonBody, ownedJson } from './json-responses.js'

const sendTestWebhook = createRoute({
  method: 'post',
  path: '/sandbox/webhooks/test',
  operationId: 'sendTestWebhook',
  ...requires('MANAGE'),
  tags: ['Sandbox'],
  summary: 'Send a signed TEST webhook now, once, and answer what the receiver said',
  description: 'A 2xx from the configured webhookEndpoint proves it: a paused endpoint resumes, and what it held goes out oldest first.',
  request: { body: { required: false, content: { 'application/json': { schema: TestWebhookRequestSchema } } } },
  responses: { 200: json(TestWebhookResponseSchema, 'The receiver accepted the webhook'), ...errorResponses(400) },
})

const getSigningKey = createRoute({
  method: 'get',
  path: '/webhooks/signing-key',
  operationId: 'getWebhookSigningKey',
  ...requires('VIEW'),
  tags: ['Webhooks'],
  summary: "The public key that verifies the X-Service-Signature of this environment's webhooks",
  responses: { 200: json(WebhookSigningKeySchema, 'The public key'), ...errorResponses() },
})

// The delivery log, redelivery and replay extend this service beyond the reference
const deliveryTags = ['Webhook deliveries']
const EXTENSION = 'An extension of this service, not in the reference.'

const listDeliveries = createRoute({
  method: 'get',
  path: '/webhooks/deliveries',
  operationId: 'listWebhookDeliveries',
  ...requires('VIEW'),
  tags: deliveryTags,
  summary: "List this environment's webhook deliveries with their attempts, newest first",
  description: `${EXTENSION} Every webhook sent to the webhookEndpoint, dead-lettered ones included, with each attempt's response status, latency and error and the next retry.`,
  request: { query: ListWebhookDeliveriesQuerySchema },
  responses: { 200: json(WebhookDeliveryListSchema, 'A page of deliveries'), ...errorResponses(400) },
})

const getDelivery = createRoute({
  method: 'get',
  path: '/webhooks/deliveries/{deliveryId}',
  operationId: 'getWebhookDeliveryById',
  ...requires('VIEW'),
  tags: deliveryTags,
  summary: 'Get a webhook delivery with its attempts and the body sent',
  description: EXTENSION,
  request: { params: DeliveryIdParamsSchema },
  responses: { 200: json(WebhookDeliverySchema, 'The delivery'), ...errorResponses(400, 404) },
})

const redeliver = createRoute({
  method: 'post',
  path: '/webhooks/deliveries/{deliveryId}/redeliver',
  operationId: 'redeliverWebhookDelivery',
  ...requires('MANAGE'),
  tags: deliveryTags,
  summary: 'Queue one more attempt of a delivery now, whatever its status',
  description: `${EXTENSION} A DELIVERED or DEAD delivery is PENDING again; a PENDING one is made due now, never attempted twice at once. The body keeps its id, with the timestamp and signature of the new attempt.`,
  request: { params: DeliveryIdParamsSchema, headers: IdempotencyHeadersSchema },
  responses: { 202: json(WebhookDeliverySchema, 'The delivery, queued'), ...errorResponses(400, 404, 409) },
})

const createReplay = createRoute({
  method: 'post',
  path: '/webhooks/replays',
  operationId: 'createWebhookReplay',
  ...requires('MANAGE'),
  tags: deliveryTags,
  summary: 'Re-send every delivery created in a window, in creation order, each once',
  description: `${EXTENSION} One replay job sends the window's deliveries (of the given types) one at a time, oldest first; a PENDING one of the window goes out with the replay rather than on its retry schedule. Refused with 400 WEBHOOK_ENDPOINT_NOT_SET while no webhookEndpoint is configured.`,
  request: { headers: IdempotencyHeadersSchema, body: jsonBody(WebhookReplayRequestSchema) },
  responses: { 202: json(WebhookReplaySchema, 'The replay, started'), ...errorResponses(400, 409) },
})

const getReplay = createRoute({
  method: 'get',
  path: '/webhooks/replays/{replayId}',
  operationId: 'getWebhookReplayById',
  ...requires('VIEW'),
  tags: deliveryTags,
  summary: "A replay's progress",
  description: EXTENSION,
  request: { params: ReplayIdParamsSchema },
  responses: { 200: json(WebhookReplaySchema, 'The replay'), ...errorResponses(400, 404) },
})

const getEndpointStatus = createRoute({
  method: 'get',
  path: '/webhooks/endpoint',
  operationId: 'getWebhookEndpointStatus',
  ...requires('VIEW'),
  tags: deliveryTags,
  summary: "Where this environment's webhookEndpoint stands: active, failing, paused (since when, the next probe) or not configured",
  description: `${EXTENSION} A paused endpoint resumes on its probe's first 2xx, on a 2xx to POST /sandbox/webhooks/test, or when PATCH /config sets another webhookEndpoint; the deliveries it held then go out oldest first.`,
  responses: { 200: json(WebhookEndpointStatusSchema, "The endpoint's state"), ...errorResponses() },
})

const dateOf = (value: string | undefined): Date | undefined => (value === undefined ? undefined : new Date(value))

export function registerWebhookRoutes(app: GatewayApp, webhooks: WebhooksServiceClient): void {
  app.openapi(sendTestWebhook, async (c) => {
    const { url } = c.req.valid('json') ?? {}
    const { resultJson } = await callUnary(webhooks, webhooks.sendTestWebhook, { url }, callContext(c))
    return ownedJson<TestWebhookResponse, 200>(c, resultJson, 200)
  })
  app.openapi(getSigningKey, async (c) => {
    const { signingKeyJson } = await callUnary(webhooks, webhooks.getSigningPublicKey, {}, callContext(c))
    return ownedJson<WebhookSigningKey, 200>(c, signingKeyJson, 200)
  })
  app.openapi(listDeliveries, async (c) => {
    const { limit, cursor, status, type, createdAfter, createdBefore } = c.req.valid('query')
    const request = { limit, cursor, status, webhookType: type, createdAfter: dateOf(createdAfter), createdBefore: dateOf(createdBefore) }
    const { pageJson } = await callUnary(webhooks, webhooks.listDeliveries, request, callContext(c))
    return ownedJson<WebhookDeliveryListJson, 200>(c, pageJson, 200)
  })
  app.openapi(getDelivery, async (c) => {
    const { deliveryJson } = await callUnary(webhooks, webhooks.getDelivery, c.req.valid('param'), callContext(c))
    return ownedJson<WebhookDelivery, 200>(c, deliveryJson, 200)
  })
  app.openapi(redeliver, async (c) => {
    const { deliveryJson } = await callUnary(webhooks, webhooks.redeliverDelivery, c.req.valid('param'), callContext(c))
    return ownedJson<WebhookDelivery, 202>(c, deliveryJson, 202)
  })
  app.openapi(createReplay, async (c) => {
    const { createdAfter, createdBefore, types } = c.req.valid('json')
    const request = { createdAfter: new Date(createdAfter), createdBefore: new Date(createdBefore), types: types ?? [] }
    const { replayJson } = await callUnary(webhooks, webhooks.createReplay, request, callContext(c))
    return ownedJson<WebhookReplay, 202>(c, replayJson, 202)
  })
  app.openapi(getEndpointStatus, async (c) => {
    const { endpointJson } = await callUnary(webhooks, webhooks.getEndpointStatus, {}, callContext(c))
    return ownedJson<WebhookEndpointStatus, 200>(c, endpointJson, 200)
  })
  app.openapi(getReplay, async (c) => {
    const { replayJson } = await callUnary(webhooks, webhooks.getReplay, c.req.valid('param'), callContext(c))
    return ownedJson<WebhookReplay, 200>(c, replayJson, 200)
  })
}
