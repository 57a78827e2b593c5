import { KYC_STATUSES, VERIFICATION_STATUSES } from '@pp/vocabulary'

/**
 * Every webhook the service sends, by the reference's name: the `type` values it carries and what
 * its `data` is. The webhooks service builds deliveries from it and the API document describes
 * them from it, so the two cannot drift apart.
 */

/** The resource a webhook's `data` is, as the API shows it. */
export type WebhookData =
  | 'Transaction'
  | 'Customer'
  | 'Verification'
  | 'BulkCustomerImportJob'
  | 'InternalAccount'
  | 'ExternalAccount'
  | 'Card'
  | 'CardTransaction'
  | 'AgentAction'
  | 'Invitation'
  | 'Nothing'

export interface WebhookKind {
  /** The reference's name (its `webhooks` key), e.g. `outgoing-payment`. */
  name: string
  operationId: string
  summary: string
  types: readonly string[]
  /**
   * The types among `types` that this service adds beyond the reference's list: sent only to a
   * platform whose configuration turns them on (`extendedWebhookTypes`), so a receiver that
   * validates against the reference never meets a type it was not told about.
   */
  extensionTypes?: readonly string[]
  data: WebhookData
}

const dotted = (family: string, suffixes: readonly string[]) => suffixes.map((suffix) => `${family}.${suffix}`)

/** The customer statuses whose KYC_/KYB_ webhooks the reference lists. */
const REFERENCE_KYC_STATUSES: readonly string[] = ['PENDING', 'APPROVED', 'REJECTED']

export const WEBHOOK_KINDS: readonly WebhookKind[] = [
  {
    name: 'incoming-payment',
    operationId: 'incomingPaymentWebhook',
    summary: 'Incoming payment status',
    types: dotted('INCOMING_PAYMENT', ['PENDING', 'COMPLETED', 'FAILED', 'REFUND_PENDING', 'REFUND_COMPLETED', 'REFUND_FAILED']),
    data: 'Transaction',
  },
  {
    name: 'outgoing-payment',
    operationId: 'outgoingPaymentWebhook',
    summary: 'Outgoing payment status',
    types: dotted('OUTGOING_PAYMENT', [
      'PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED', 'REFUND_PENDING', 'REFUND_COMPLETED', 'REFUND_FAILED',
    ]),
    data: 'Transaction',
  },
  {
    name: 'customer-update',
    operationId: 'customerUpdateWebhook',
    summary: 'A customer was created, changed, deleted, or its KYC/KYB status moved',
    types: [
      ...dotted('CUSTOMER', ['CREATED', 'UPDATED', 'DELETED']),
      ...dotted('CUSTOMER', KYC_STATUSES.map((status) => `KYC_${status}`)),
      ...dotted('CUSTOMER', KYC_STATUSES.map((status) => `KYB_${status}`)),
    ],
    extensionTypes: [
      ...dotted('CUSTOMER', ['CREATED', 'UPDATED', 'DELETED']),
      ...dotted('CUSTOMER', KYC_STATUSES.filter((status) => !REFERENCE_KYC_STATUSES.includes(status)).flatMap((status) => [`KYC_${status}`, `KYB_${status}`])),
    ],
    data: 'Customer',
  },
  {
    name: 'verification-update',
    operationId: 'verificationUpdateWebhook',
    summary: 'A verification changed status',
    types: dotted('VERIFICATION', VERIFICATION_STATUSES),
    data: 'Verification',
  },
  {
    name: 'bulk-upload',
    operationId: 'bulkUploadWebhook',
    summary: 'A bulk customer import finished',
    types: dotted('BULK_UPLOAD', ['COMPLETED', 'FAILED']),
    data: 'BulkCustomerImportJob',
  },
  {
    name: 'internal-account-status',
    operationId: 'internalAccountStatusWebhook',
    summary: "An internal account's balance, status or funding instructions changed",
    types: dotted('INTERNAL_ACCOUNT', ['BALANCE_UPDATED', 'STATUS_UPDATED', 'FUNDING_INSTRUCTIONS_UPDATED']),
    data: 'InternalAccount',
  },
  {
    name: 'external-account-status',
    operationId: 'externalAccountStatusWebhook',
    summary: "An external account's status changed",
    types: ['EXTERNAL_ACCOUNT.STATUS_UPDATED'],
    data: 'ExternalAccount',
  },
  {
    name: 'invitation-claimed',
    operationId: 'invitationClaimedWebhook',
    summary: 'An invitation was claimed',
    types: ['INVITATION.CLAIMED'],
    data: 'Invitation',
  },
  { name: 'card-state-change', operationId: 'cardStateChangeWebhook', summary: "A card's state changed", types: ['CARD.STATE_CHANGE'], data: 'Card' },
  {
    name: 'card-funding-source-change',
    operationId: 'cardFundingSourceChangeWebhook',
    summary: "A card's funding source changed",
    types: ['CARD.FUNDING_SOURCE_CHANGE'],
    data: 'Card',
  },
  {
    name: 'card-transaction',
    operationId: 'cardTransactionWebhook',
    summary: 'A card transaction was authorized, settled, refunded or hit an exception',
    types: dotted('CARD_TRANSACTION', ['AUTHORIZED', 'PARTIALLY_SETTLED', 'SETTLED', 'REFUNDED', 'EXCEPTION']),
    data: 'CardTransaction',
  },
  {
    name: 'agent-action',
    operationId: 'agentActionWebhook',
    summary: "An agent's action waits for approval, was approved (and executed), rejected or failed",
    types: dotted('AGENT_ACTION', ['PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'FAILED']),
    extensionTypes: dotted('AGENT_ACTION', ['APPROVED', 'REJECTED', 'FAILED']),
    data: 'AgentAction',
  },
  { name: 'test-webhook', operationId: 'testWebhook', summary: 'The sandbox test webhook', types: ['TEST'], data: 'Nothing' },
]

/** Every webhook type this service adds beyond the reference (see WebhookKind.extensionTypes). */
export const EXTENSION_WEBHOOK_TYPES: readonly string[] = WEBHOOK_KINDS.flatMap((kind) => kind.extensionTypes ?? [])

const extensionTypes = new Set(EXTENSION_WEBHOOK_TYPES)

export const isExtensionWebhookType = (type: string): boolean => extensionTypes.has(type)

/** The kind of this name; the catalogue is fixed, so an unknown name is a programming error. */
export function webhookKind(name: string): WebhookKind {
  const kind = WEBHOOK_KINDS.find((k) => k.name === name)
  if (!kind) throw new Error(`no webhook kind ${name}`)
  return kind
}
