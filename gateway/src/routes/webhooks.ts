import { createRoute } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import type { WebhooksServiceClient } from '@pp/proto/webhooks/v1/webhooks'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import { errorResponses } from '../schemas/common.js'
import {
  TestWebhookRequestSchema,
  TestWebhookResponseSchema,
  WebhookSigningKeySchema,
  type TestWebhookResponseJson,
  type WebhookSigningKeyJson,
} from '../schemas/webhooks.js'
import { json, ownedJson } from './json-responses.js'

const sendTestWebhook = createRoute({
  method: 'post',
  path: '/sandbox/webhooks/test',
  operationId: 'sendTestWebhook',
  ...requires('MANAGE'),
  tags: ['Sandbox'],
  summary: 'Send a signed TEST webhook now, once, and answer what the receiver said',
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

export function registerWebhookRoutes(app: GatewayApp, webhooks: WebhooksServiceClient): void {
  app.openapi(sendTestWebhook, async (c) => {
    const { url } = c.req.valid('json') ?? {}
    const { resultJson } = await callUnary(webhooks, webhooks.sendTestWebhook, { url }, callContext(c))
    return ownedJson<TestWebhookResponseJson, 200>(c, resultJson, 200)
  })
  app.openapi(getSigningKey, async (c) => {
    const { signingKeyJson } = await callUnary(webhooks, webhooks.getSigningPublicKey, {}, callContext(c))
    return ownedJson<WebhookSigningKeyJson, 200>(c, signingKeyJson, 200)
  })
}
