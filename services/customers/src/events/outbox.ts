import { originFields, writeOutbox } from '@pp/events'
import type { Origin } from '@pp/tenancy'
import { open, type Tx } from '../db/client.js'
import { EVENT_SOURCE } from './types.js'

/** Records an event in the caller's transaction, so it commits with the change it reports (and the request that made it). */
export async function recordEvent(tx: Tx, origin: Origin, type: string, data: unknown): Promise<void> {
  await writeOutbox(open(tx), EVENT_SOURCE, { type, ...originFields(origin), data })
}
