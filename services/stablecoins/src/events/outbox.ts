import { originFields, writeOutbox } from '@pp/events'
import { open, type Tx } from '../db/client.js'
import type { Origin } from '../domain/types.js'

const EVENT_SOURCE = 'stablecoins'

/**
 * A stablecoin or operation event, written in the transaction of its change: `type` names what
 * happened (`STABLECOIN.ENABLED`, `STABLECOIN_OPERATION.COMPLETED`), `data` is the resource's JSON
 * as the API shows it. The reference has no stablecoin webhooks, so these stay on the stream.
 */
export async function recordEvent(tx: Tx, origin: Origin, type: string, data: unknown): Promise<void> {
  await writeOutbox(open(tx), EVENT_SOURCE, { type, ...originFields(origin), data })
}
