import { createRoute, z } from '@hono/zod-openapi'
import { callUnary } from '@pp/grpc'
import type { WebhooksServiceClient } from '@pp/proto/webhooks/v1/webhooks'
import { callContext, type GatewayApp } from '../context.js'
import { requires } from '../middleware/require-permission.js'
import { errorResponses } from '../schemas/common.js'
import { json } from './json-responses.js'

const TestWebhookRequest = z
  .object({
    url: z.url({ protocol: /^https?$/ }).max(2_048).optional().openapi({
      description: 'Where to send the test webhook; the configured webhookEndpoint when omitted.',
      example: 'https://api.example.com/webhooks',
    }),
  })
  .openapi('TestWebhookRequest')

// the reference names these two fields in snake_case
const TestWebhookResponse = z
  .object({
    url: z.string().openapi({ format: 'uri' }),
    response_status: z.number().int().openapi({ example: 200 }),
    response_body: z.string().optional(),
  })
  .openapi('TestWebhookResponse')

const WebhookSigningKey = z
  .object({
    environment: z.string().openapi({ example: 'SANDBOX' }),
    algorithm: z.string().openapi({ description: 'ECDSA on P-256 over the SHA-256 of the exact request body.', example: 'ECDSA_P256_SHA256' }),
    publicKey: z.string().openapi({ description: 'Uncompressed SEC1 P-256 point, hex (04 || x || y).' }),
    publicKeyPem: z.string().openapi({ description: 'The same key as a PEM SubjectPublicKeyInfo.' }),
    signatureHeader: z.string().openapi({ example: 'X-Service-Signature' }),
    signatureEncoding: z.string().openapi({ description: 'BASE64_DER: the header is the base64 of the DER-encoded signature.', example: 'BASE64_DER' }),
  })
  .openapi('WebhookSigningKey')

const sendTestWebhook = createRoute({
  method: 'post',
  path: '/sandbox/webhooks/test',
  operationId: 'sendTestWebhook',
  ...requires('MANAGE'),
  tags: ['Sandbox'],
  summary: 'Send a signed TEST webhook now, once, and answer what the receiver said',
  request: { body: { required: false, content: { 'application/json': { schema: TestWebhookRequest } } } },
  responses: { 200: json(TestWebhookResponse, 'The receiver accepted the webhook'), ...errorResponses(400) },
})

const getSigningKey = createRoute({
  method: 'get',
  path: '/webhooks/signing-key',
  operationId: 'getWebhookSigningKey',
  ...requires('VIEW'),
  tags: ['Webhooks'],
  summary: "The public key that verifies the X-Service-Signature of this environment's webhooks",
  responses: { 200: json(WebhookSigningKey, 'The public key'), ...errorResponses() },
})

export function registerWebhookRoutes(app: GatewayApp, webhooks: WebhooksServiceClient): void {
  app.openapi(sendTestWebhook, async (c) => {
    const { url } = c.req.valid('json') ?? {}
    const sent = await callUnary(webhooks, webhooks.sendTestWebhook, { url }, callContext(c))
    return c.json({ url: sent.url, response_status: sent.responseStatus, response_body: sent.responseBody }, 200)
  })
  app.openapi(getSigningKey, async (c) => {
    const key = await callUnary(webhooks, webhooks.getSigningPublicKey, {}, callContext(c))
    return c.json(
      {
        environment: key.environment,
        algorithm: key.algorithm,
        publicKey: key.publicKeyHex,
        publicKeyPem: key.publicKeyPem,
        signatureHeader: 'X-Service-Signature',
        signatureEncoding: key.signatureEncoding,
      },
      200,
    )
  })
}
