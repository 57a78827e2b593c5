export const SIGNATURE_HEADER = 'X-Service-Signature'
/** The delivery id, also the body's `id`: the same on every attempt, for the receiver to drop duplicates. */
export const EVENT_ID_HEADER = 'X-Service-Event-Id'
export const WEBHOOK_TYPE_HEADER = 'X-Service-Webhook-Type'
export const ATTEMPT_HEADER = 'X-Service-Delivery-Attempt'

export interface SignedDelivery {
  id: string
  webhookType: string
  /** Of this attempt's body, made as it is sent: the body's timestamp and the key may differ between attempts. */
  signature: string
  attemptNumber: number
}

/** The headers of one attempt. */
export const webhookHeaders = (delivery: SignedDelivery): Record<string, string> => ({
  'Content-Type': 'application/json',
  'User-Agent': 'payments-platform-webhooks/1',
  [SIGNATURE_HEADER]: delivery.signature,
  [EVENT_ID_HEADER]: delivery.id,
  [WEBHOOK_TYPE_HEADER]: delivery.webhookType,
  [ATTEMPT_HEADER]: String(delivery.attemptNumber),
})
