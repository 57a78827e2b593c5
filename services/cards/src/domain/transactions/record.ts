import { recordChange } from '../../db/card-transactions.db.js'
import type { SqlTx } from '../../db/client.js'
import { cardTransactionEvents } from '../../events/outbox.js'
import type { CardTransactionRecord, HoldRecord, NewJob, Origin } from '../types.js'
import { cardTransactionView } from './view.js'

/** What a message (or a job) changed: the transaction as it now is, its holds, and work for later. */
export interface Change {
  transaction: CardTransactionRecord
  holds: HoldRecord[]
  jobs: NewJob[]
}

/** One more version of the transaction, as of `now`. */
export const changed = (t: CardTransactionRecord, now: Date, fields: Partial<CardTransactionRecord>): CardTransactionRecord => ({
  ...t,
  ...fields,
  version: t.version + 1,
  lastEventAt: now,
  updatedAt: now,
})

const written = (origin: Origin, change: Change | undefined) => ({
  transaction: change?.transaction,
  holds: change?.holds ?? [],
  jobs: change?.jobs ?? [],
  events: change ? cardTransactionEvents(origin, change.transaction, cardTransactionView(change.transaction)) : [],
})

/** Writes a job's change with its webhook and its fact, in one statement. */
export async function writeChange(sql: SqlTx, origin: Origin, change: Change, now: Date): Promise<void> {
  await recordChange(sql, { ...written(origin, change), now })
}

/**
 * A message's outcome and its change commit together, once (one statement): when another run of
 * the same message (a racing retry, a recovery) recorded first, this one writes nothing.
 */
export async function recordOutcome(sql: SqlTx, origin: Origin, token: string, outcome: string, change: Change | undefined, now: Date): Promise<void> {
  await recordChange(sql, { token, outcome, ...written(origin, change), now })
}
