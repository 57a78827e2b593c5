import { z } from '@hono/zod-openapi'
import { WEBHOOK_KINDS, type WebhookData } from '@pp/events'
import type { GatewayApp } from './context.js'
import { jsonBody } from './routes/json-responses.js'
import {
  AgentActionSchema,
  BulkImportJobSchema,
  CardSchema,
  CardTransactionSchema,
  CustomerSchema,
  ExternalAccountSchema,
  InternalAccountSchema,
  TransactionSchema,
  UmaInvitationSchema,
  VerificationSchema,
} from '@pp/contracts'

/** The `data` of each kind of webhook: the resource as this API's GET shows it. */
const DATA_SCHEMAS: Partial<Record<WebhookData, z.ZodType>> = {
  Transaction: TransactionSchema,
  Customer: CustomerSchema,
  Verification: VerificationSchema,
  BulkCustomerImportJob: BulkImportJobSchema,
  InternalAccount: InternalAccountSchema,
  ExternalAccount: ExternalAccountSchema,
  Invitation: UmaInvitationSchema,
  AgentAction: AgentActionSchema,
  Card: CardSchema,
  CardTransaction: CardTransactionSchema,
  Nothing: z.object({}),
}

const SIGNATURE =
  'Signed: X-Service-Signature is the base64 DER ECDSA P-256 signature of the exact body, verifiable with GET /webhooks/signing-key. ' +
  'Any 2xx answer ends the retries, and so does a 409 for an `id` already processed: `id` repeats on a retry, so a receiver drops what it has seen.'

const extensionNote = (types: readonly string[]): string =>
  `${types.join(', ')}: types this service adds beyond the reference, sent only to a platform whose configuration sets extendedWebhookTypes.`

const pascal = (name: string) => name.replace(/(^|-)([a-z])/g, (_, __, letter: string) => letter.toUpperCase())

/**
 * Describes in the API document (its `webhooks` section) every webhook the webhooks service sends,
 * from the same catalogue that service builds them from. A kind whose resource this API does not
 * serve yet is left out until it does.
 */
export function describeWebhooks(api: GatewayApp): void {
  for (const kind of WEBHOOK_KINDS) {
    const data = DATA_SCHEMAS[kind.data]
    if (!data) continue
    const body = z
      .object({
        id: z.string().openapi({ description: 'The delivery: the same on every attempt', example: 'Webhook:019542f5-b3e7-1d02-0000-000000000007' }),
        type: z.enum(kind.types as [string, ...string[]]),
        timestamp: z.iso.datetime().openapi({ description: 'When this attempt was sent (each retry, redelivery or replay has its own)' }),
        data,
        // payment webhooks carry the transaction under the spec's name too
        ...(kind.data === 'Transaction' ? { transaction: data } : {}),
      })
      .openapi(`${pascal(kind.name)}Webhook`)
    api.openAPIRegistry.registerWebhook({
      method: 'post',
      path: kind.name,
      operationId: kind.operationId,
      summary: kind.summary,
      description: kind.extensionTypes ? `${SIGNATURE} ${extensionNote(kind.extensionTypes)}` : SIGNATURE,
      request: { body: jsonBody(body) },
      responses: { 200: { description: 'Received' } },
    })
  }
}
