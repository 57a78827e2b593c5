import { writeOutbox } from '@pp/events'
import type { Tx } from '../db/client.js'
import { EVENT_SOURCE, type PlatformEventType } from './types.js'

interface EventTenant {
  platformId: string
  environment: string
}

/** Records an event in the caller's transaction; the relay publishes it after commit. */
export async function recordEvent(tx: Tx, tenant: EventTenant, type: PlatformEventType, data: unknown): Promise<void> {
  await writeOutbox(tx, EVENT_SOURCE, { type, platformId: tenant.platformId, environment: tenant.environment, data })
}
