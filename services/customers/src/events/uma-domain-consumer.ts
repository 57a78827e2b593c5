import type { NatsConnection } from '@nats-io/transport-node'
import { consumeEvents, eventSubject, type EventVerifier, type RunningConsumer } from '@pp/events'
import type { Logger } from '@pp/logging'
import { isEnvironment } from '@pp/tenancy'
import { followUmaDomain } from '../domain/customers/follow-uma-domain.js'
import type { CustomersDeps } from '../domain/deps.js'

export interface UmaDomainConsumerOptions {
  durablePrefix: string
  verifier: EventVerifier
  startTime?: Date
}

/** Follows the platform's configuration changes: its customers' system UMA addresses take its umaDomain. */
export function consumePlatformConfigChanges(deps: Pick<CustomersDeps, 'db' | 'platformConfig' | 'now'>, nats: NatsConnection, logger: Logger, options: UmaDomainConsumerOptions): Promise<RunningConsumer> {
  return consumeEvents({
    nats,
    durableName: `${options.durablePrefix}-customers-platform-config`,
    filterSubject: eventSubject('platform', 'PLATFORM.CONFIG_UPDATED'),
    logger,
    verifier: options.verifier,
    startTime: options.startTime,
    handle: async (event) => {
      if (!event.platformId || !isEnvironment(event.environment)) return logger.warn({ eventId: event.id }, 'PLATFORM.CONFIG_UPDATED without a tenant; skipped')
      const caller = { platformId: event.platformId, environment: event.environment, requestId: event.requestId ?? event.id }
      const moved = await followUmaDomain(deps, caller)
      if (moved > 0) logger.info({ platformId: caller.platformId, environment: caller.environment, moved }, "customers' system UMA addresses moved to the platform's domain")
    },
  })
}
