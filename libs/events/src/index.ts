export { consumeEvents, type ConsumerOptions, type RunningConsumer } from './consumer.js'
export { consumeCustomerDeletions, CUSTOMER_DELETED_SUBJECT, type CustomerDeletionsOptions, type DeletedCustomer } from './customer-deletions.js'
export { EVENTS_STREAM, eventSubject, type EventEnvelope } from './envelope.js'
export { linkNats, type Attachment, type NatsLink, type NatsLinkOptions } from './link.js'
export { connectNats, ensureEventsStream, type StreamLimits } from './nats.js'
export { natsClientOptionsOf, type NatsClientOptions, type NatsClientSettings } from './nats-client.js'
export { redactedNatsUrl } from './nats-url.js'
export {
  originFields,
  outboxInsert,
  outboxRecord,
  outboxValues,
  publishedOutboxEvents,
  writeOutbox,
  writeOutboxRecords,
  type NewEvent,
  type OutboxRecord,
  type RawExecutor,
} from './outbox.js'
export { startOutboxRelay, type OutboxRelay, type RelayOptions } from './relay.js'
export { developmentSigningKey, publicKeyText, readSigningKey, readVerifyKeys, type SigningKey, type VerifyKeys } from './trust/event-keys.js'
export { eventVerifierOf, signingKeyOf, verifyKeysOf, type EventSigningSettings } from './trust/event-trust.js'
export { signedHeaders } from './trust/signature.js'
export { createEventVerifier, type EventVerifier } from './trust/verifier.js'
export { EXTENSION_WEBHOOK_TYPES, isExtensionWebhookType, WEBHOOK_KINDS, webhookKind, type WebhookData, type WebhookKind } from './webhook-catalogue.js'
