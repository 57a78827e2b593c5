import { z } from '@hono/zod-openapi'
import { Identifier, listEnvelope, PaginationQuerySchema } from './common.js'
import { Timestamp } from './customer-fields.js'

export const TestWebhookRequestSchema = z
  .object({
    url: z.url({ protocol: /^https?$/ }).max(2_048).optional().openapi({
      description: 'Where to send the test webhook; the configured webhookEndpoint when omitted.',
      example: 'https://api.example.com/webhooks',
    }),
  })
  .openapi('TestWebhookRequest')

// the reference names these fields in snake_case; its optional response_body is never sent: what a
// receiver answers is not echoed to the caller
export const TestWebhookResponseSchema = z
  .object({
    url: z.string().openapi({ format: 'uri' }),
    response_status: z.number().int().openapi({ example: 200 }),
  })
  .openapi('TestWebhookResponse')

export type TestWebhookResponse = z.output<typeof TestWebhookResponseSchema>

export const WebhookSigningKeySchema = z
  .object({
    environment: z.string().openapi({ example: 'SANDBOX' }),
    algorithm: z.string().openapi({ description: 'ECDSA on P-256 over the SHA-256 of the exact request body.', example: 'ECDSA_P256_SHA256' }),
    publicKey: z.string().openapi({ description: 'Uncompressed SEC1 P-256 point, hex (04 || x || y).' }),
    publicKeyPem: z.string().openapi({ description: 'The same key as a PEM SubjectPublicKeyInfo.' }),
    signatureHeader: z.string().openapi({ example: 'X-Service-Signature' }),
    signatureEncoding: z.string().openapi({ description: 'BASE64_DER: the header is the base64 of the DER-encoded signature.', example: 'BASE64_DER' }),
    previousKeys: z
      .array(
        z.object({
          publicKey: z.string().openapi({ description: 'Uncompressed SEC1 P-256 point, hex.' }),
          publicKeyPem: z.string().openapi({ description: 'The same key as a PEM SubjectPublicKeyInfo.' }),
          retiresAt: z.iso.datetime().openapi({ description: 'Until then webhooks signed before the rotation still verify with this key.' }),
        }),
      )
      .openapi({ description: 'Keys a rotation replaced that have not retired yet, newest first; empty when none. Accept a signature made by any of them or by publicKey.' }),
  })
  .openapi('WebhookSigningKey')

export type WebhookSigningKey = z.output<typeof WebhookSigningKeySchema>

// The delivery log, redelivery and replay: this service's extension, not in the reference.

const deliveryId = Identifier().openapi({ example: 'Webhook:019542f5-b3e7-1d02-0000-000000000020' })
const replayId = Identifier().openapi({ example: 'WebhookReplay:019542f5-b3e7-1d02-0000-000000000030' })
const webhookType = Identifier(100).openapi({ example: 'CUSTOMER.CREATED' })
const timestamp = z.string().openapi({ format: 'date-time' })

export const WebhookDeliveryStatusSchema = z
  .enum(['PENDING', 'DELIVERED', 'DEAD'])
  .openapi('WebhookDeliveryStatus', { description: 'PENDING: waiting for its next attempt; DELIVERED: a 2xx answer; DEAD: dead-lettered after the last attempt of the retry schedule' })

export const WebhookDeliveryAttemptSchema = z
  .object({
    attemptNumber: z.number().int().min(1),
    startedAt: timestamp,
    finishedAt: timestamp.optional().openapi({ description: 'Absent while the attempt is in flight' }),
    url: z.string().optional().openapi({ description: 'Where it was sent; absent when no webhookEndpoint was configured' }),
    responseStatus: z.number().int().optional().openapi({ description: "The receiver's HTTP status; absent when it never answered", example: 503 }),
    latencyMs: z.number().int().optional(),
    error: z.string().optional().openapi({ example: 'HTTP 503' }),
  })
  .openapi('WebhookDeliveryAttempt')

export const WebhookDeliverySchema = z
  .object({
    id: deliveryId.openapi({ description: "The webhook body's id, the same on every attempt and replay: receivers drop duplicates by it" }),
    type: webhookType,
    status: WebhookDeliveryStatusSchema,
    attemptCount: z.number().int().min(0),
    nextAttemptAt: timestamp.optional().openapi({ description: 'When PENDING: the next retry (absent while held: see waitingFor)' }),
    waitingFor: z.enum(['WEBHOOK_ENDPOINT', 'ENDPOINT_PROBE', 'REPLAY']).optional().openapi('WebhookDeliveryWaitingFor', {
      description:
        'When PENDING with no next attempt, what it waits for. WEBHOOK_ENDPOINT: no webhookEndpoint is configured; it is held, with no attempt ' +
        'made or counted, and goes out as soon as one is set (PATCH /config), oldest first. Held deliveries of a platform that never sets one are ' +
        'dropped 72 hours after they were queued. ENDPOINT_PROBE: the endpoint is paused after failing (GET /webhooks/endpoint); it goes out once ' +
        'the probe, a 2xx to the test webhook or a new endpoint proves it. REPLAY: it goes out with the replay it is part of.',
    }),
    deliveredAt: timestamp.optional(),
    deadAt: timestamp.optional(),
    createdAt: timestamp,
    attempts: z.array(WebhookDeliveryAttemptSchema).openapi({ description: 'Oldest first' }),
    payload: z.string().optional().openapi({
      description: 'Reading one delivery: the exact JSON body its latest attempt sent (each attempt carries its own timestamp and signature)',
    }),
  })
  .openapi('WebhookDelivery')
export type WebhookDelivery = z.output<typeof WebhookDeliverySchema>

export const WebhookDeliveryListSchema = listEnvelope(WebhookDeliverySchema, 'WebhookDeliveryListResponse')
export type WebhookDeliveryListJson = z.infer<typeof WebhookDeliveryListSchema>

export const ListWebhookDeliveriesQuerySchema = PaginationQuerySchema.extend({
  status: WebhookDeliveryStatusSchema.optional(),
  type: webhookType.optional().openapi({ description: 'Deliveries of this webhook type' }),
  createdAfter: Timestamp.optional().openapi({ description: 'Created at or after (inclusive)' }),
  createdBefore: Timestamp.optional().openapi({ description: 'Created at or before (inclusive)' }),
})

export const DeliveryIdParamsSchema = z.object({ deliveryId: deliveryId.openapi({ param: { name: 'deliveryId', in: 'path' } }) })

export const WebhookReplayRequestSchema = z
  .object({
    createdAfter: Timestamp.openapi({ description: 'Start of the window (inclusive)' }),
    createdBefore: Timestamp.openapi({ description: 'End of the window (inclusive), at most 31 days after createdAfter' }),
    types: z.array(webhookType).min(1).max(50).optional().openapi({ description: 'Only deliveries of these webhook types; every type when omitted' }),
  })
  .openapi('WebhookReplayRequest')

export const WebhookReplaySchema = z
  .object({
    id: replayId,
    createdAfter: timestamp,
    createdBefore: timestamp,
    types: z.array(z.string()).openapi({ description: 'Empty: every type' }),
    status: z.enum(['RUNNING', 'COMPLETED']).openapi('WebhookReplayStatus'),
    deliveryCount: z.number().int().min(0).openapi({ description: 'The deliveries of the window when the replay was made: each is sent once, in creation order' }),
    sentCount: z.number().int().min(0).openapi({ description: 'Sent so far and accepted (2xx)' }),
    failedCount: z.number().int().min(0).openapi({ description: 'Sent so far and not accepted' }),
    createdAt: timestamp,
    completedAt: timestamp.optional(),
  })
  .openapi('WebhookReplay')
export type WebhookReplay = z.output<typeof WebhookReplaySchema>

export const WebhookEndpointStatusSchema = z
  .object({
    url: z.string().optional().openapi({ description: 'The webhookEndpoint; absent when none is configured' }),
    status: z.enum(['ACTIVE', 'FAILING', 'PAUSED', 'NOT_CONFIGURED']).openapi('WebhookEndpointState', {
      description:
        'ACTIVE: webhooks go out as they happen. FAILING: the latest attempts failed, not yet enough to pause. PAUSED: after ' +
        'failing attempts in a row only one delivery, the probe, is retried on the retry schedule and every other one is held; the probe\'s ' +
        'first 2xx (or 409), a 2xx to POST /sandbox/webhooks/test or a new webhookEndpoint resumes it, and what it held goes out oldest first. ' +
        'NOT_CONFIGURED: no webhookEndpoint; every webhook is held until one is set.',
    }),
    consecutiveFailures: z.number().int().min(0).openapi({ description: 'Failed attempts in a row to the current endpoint' }),
    pausedAt: timestamp.optional().openapi({ description: 'PAUSED: since when; NOT_CONFIGURED: since the first webhook that found no endpoint' }),
    probeDeliveryId: deliveryId.optional().openapi({ description: 'PAUSED: the delivery retried as the probe' }),
    nextProbeAt: timestamp.optional().openapi({ description: 'PAUSED: when the probe is next attempted' }),
    heldDeliveryCount: z.number().int().min(0).openapi({ description: 'Deliveries waiting with no due time: behind the probe, or for an endpoint' }),
  })
  .openapi('WebhookEndpointStatus')
export type WebhookEndpointStatus = z.output<typeof WebhookEndpointStatusSchema>

export const ReplayIdParamsSchema = z.object({ replayId: replayId.openapi({ param: { name: 'replayId', in: 'path' } }) })
