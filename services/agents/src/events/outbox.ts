import { originFields, writeOutbox } from '@pp/events'
import type { Origin } from '@pp/tenancy'
import { open, type Tx } from '../db/client.js'
import { EVENT_SOURCE, type AgentsEventType } from './types.js'

/** Records an event in the caller's transaction; the relay publishes it after commit. */
export async function recordEvent(tx: Tx, origin: Origin, type: AgentsEventType, data: unknown): Promise<void> {
  await writeOutbox(open(tx), EVENT_SOURCE, { type, ...originFields(origin), data })
}
