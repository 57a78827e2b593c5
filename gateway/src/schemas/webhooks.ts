import { z } from '@hono/zod-openapi'

export const TestWebhookRequestSchema = z
  .object({
    url: z.url({ protocol: /^https?$/ }).max(2_048).optional().openapi({
      description: 'Where to send the test webhook; the configured webhookEndpoint when omitted.',
      example: 'https://api.example.com/webhooks',
    }),
  })
  .openapi('TestWebhookRequest')

// the reference names these two fields in snake_case
export const TestWebhookResponseSchema = z
  .object({
    url: z.string().openapi({ format: 'uri' }),
    response_status: z.number().int().openapi({ example: 200 }),
    response_body: z.string().optional(),
  })
  .openapi('TestWebhookResponse')

export type TestWebhookResponseJson = z.infer<typeof TestWebhookResponseSchema>

export const WebhookSigningKeySchema = z
  .object({
    environment: z.string().openapi({ example: 'SANDBOX' }),
    algorithm: z.string().openapi({ description: 'ECDSA on P-256 over the SHA-256 of the exact request body.', example: 'ECDSA_P256_SHA256' }),
    publicKey: z.string().openapi({ description: 'Uncompressed SEC1 P-256 point, hex (04 || x || y).' }),
    publicKeyPem: z.string().openapi({ description: 'The same key as a PEM SubjectPublicKeyInfo.' }),
    signatureHeader: z.string().openapi({ example: 'X-Service-Signature' }),
    signatureEncoding: z.string().openapi({ description: 'BASE64_DER: the header is the base64 of the DER-encoded signature.', example: 'BASE64_DER' }),
  })
  .openapi('WebhookSigningKey')

export type WebhookSigningKeyJson = z.infer<typeof WebhookSigningKeySchema>
