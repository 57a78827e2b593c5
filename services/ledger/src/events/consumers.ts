import type { NatsConnection } from '@nats-io/transport-node'
import { consumeEvents, type EventEnvelope, type EventVerifier, type RunningConsumer } from '@pp/events'
import type { Logger } from '@pp/logging'
import { isEnvironment } from '@pp/tenancy'
import type { LedgerDeps } from '../domain/deps.js'
import { holderFromCustomer } from '../domain/provisioning/holder.js'
import { provisionCustomer } from '../domain/provisioning/provision-customer.js'
import { provisionPlatform } from '../domain/provisioning/provision-platform.js'
import type { Origin } from '../domain/types.js'

/** Customer events that can change what accounts a customer should have, or their status. */
const isCustomerChange = (type: string): boolean =>
  ['CUSTOMER.CREATED', 'CUSTOMER.UPDATED', 'CUSTOMER.DELETED'].includes(type) || /^CUSTOMER\.KY[CB]_/.test(type)

/** Platform events after which the platform's own accounts may be missing. */
const isPlatformChange = (type: string): boolean => ['PLATFORM.CREATED', 'PLATFORM.CONFIG_UPDATED'].includes(type)

/** The event's tenant, and the request that caused it: provisioning names it in its own calls and events. */
function originOf(event: EventEnvelope): Origin | undefined {
  if (!event.platformId || !isEnvironment(event.environment)) return undefined
  const tenant = { platformId: event.platformId, environment: event.environment }
  return event.requestId === undefined ? tenant : { ...tenant, requestId: event.requestId }
}

/**
 * Routes one event to provisioning. Events this service cannot act on (other types, or data that
 * is not what their type promises) are logged and acknowledged: redelivering them would not help.
 * A failure while provisioning (platform service down, database busy) throws, so it is redelivered.
 */
export function handleEvent(deps: LedgerDeps, logger: Logger) {
  return async function handle(event: EventEnvelope): Promise<void> {
    const origin = originOf(event)
    if (!origin) return logger.warn({ eventId: event.id, type: event.type }, 'event without a tenant; skipped')
    if (isPlatformChange(event.type)) return provisionPlatform(deps, origin)
    if (!isCustomerChange(event.type)) return
    const holder = holderFromCustomer(event.data)
    if (!holder) return logger.warn({ eventId: event.id, type: event.type }, 'customer event without a customer; skipped')
    await provisionCustomer(deps, origin, holder)
  }
}

export interface EventConsumers {
  stop(): Promise<void>
}

export interface ConsumerOptions {
  /** Prefix of the durable consumer names; replicas sharing it share the work. */
  durablePrefix: string
  /** One subject each (NATS 2.9 takes one filter per consumer): the customers' and the platform's events. */
  customerSubject: string
  platformSubject: string
  verifier: EventVerifier
  retryDelayMs?: number
  startTime?: Date
}

/** Durable consumers of the customer and platform events; acked only once provisioning committed. */
export async function startEventConsumers(deps: LedgerDeps, nats: NatsConnection, logger: Logger, options: ConsumerOptions): Promise<EventConsumers> {
  const common = { nats, logger, verifier: options.verifier, handle: handleEvent(deps, logger), retryDelayMs: options.retryDelayMs, startTime: options.startTime }
  const consumers: RunningConsumer[] = [
    await consumeEvents({ ...common, durableName: `${options.durablePrefix}-customers`, filterSubject: options.customerSubject }),
    await consumeEvents({ ...common, durableName: `${options.durablePrefix}-platform`, filterSubject: options.platformSubject }),
  ]
  return { stop: async () => void (await Promise.all(consumers.map((c) => c.stop()))) }
}
