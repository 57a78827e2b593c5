import type { NatsConnection } from '@nats-io/transport-node'
import type { Logger } from '@pp/logging'
import { isEnvironment, type Origin } from '@pp/tenancy'
import { consumeEvents, type RunningConsumer } from './consumer.js'
import { eventSubject, type EventEnvelope } from './envelope.js'
import type { EventVerifier } from './trust/verifier.js'

/** What the customers service says when a customer is deleted (its data is the customer as the API shows it). */
export const CUSTOMER_DELETED_SUBJECT = eventSubject('customers', 'CUSTOMER.DELETED')

/** A deleted customer: its tenant, the request that deleted it, and its id. */
export interface DeletedCustomer extends Origin {
  customerId: string
}

function deletedCustomerOf(event: EventEnvelope): DeletedCustomer | undefined {
  const data = event.data as { id?: unknown } | null
  if (!event.platformId || !isEnvironment(event.environment) || typeof data?.id !== 'string' || data.id === '') return undefined
  const deleted: DeletedCustomer = { platformId: event.platformId, environment: event.environment, customerId: data.id }
  if (event.requestId !== undefined) deleted.requestId = event.requestId
  return deleted
}

export interface CustomerDeletionsOptions {
  nats: NatsConnection
  /** The durable consumer's name: the service's own, shared by its replicas. */
  durableName: string
  logger: Logger
  verifier: EventVerifier
  startTime?: Date
  /** What the service does with what it holds of the customer; idempotent, as an event may come twice. */
  retire(deleted: DeletedCustomer): Promise<void>
}

/**
 * A service following customers' deletions: whatever it holds of a deleted customer that could
 * still move money or sign anything (cards, agents, wallet sessions and keys) ends with the
 * customer. Only the customers service's signed CUSTOMER.DELETED counts (the verifier).
 */
export function consumeCustomerDeletions(options: CustomerDeletionsOptions): Promise<RunningConsumer> {
  const { logger, retire } = options
  return consumeEvents({
    nats: options.nats,
    durableName: options.durableName,
    filterSubject: CUSTOMER_DELETED_SUBJECT,
    logger,
    verifier: options.verifier,
    startTime: options.startTime,
    handle: async (event) => {
      const deleted = deletedCustomerOf(event)
      if (!deleted) return logger.warn({ eventId: event.id }, 'CUSTOMER.DELETED event without a tenant or a customer id; skipped')
      await retire(deleted)
    },
  })
}
