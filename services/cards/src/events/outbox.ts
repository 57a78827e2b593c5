import { originFields, outboxRecord, type OutboxRecord } from '@pp/events'
import { prepared } from '@pp/db'
import type { Origin } from '@pp/tenancy'
import { CardTransactionRecorded } from '@pp/proto/cards/v1/events'
import type { SqlTx } from '../db/client.js'
import type { CardTransactionRecord, CardTransactionView, CardView } from '../domain/types.js'
import { CARD_TRANSACTION_RECORDED, cardTransactionEventType, EVENT_SOURCE } from './types.js'

/** An event of this service, as the outbox row its change's transaction writes. */
export const cardEvent = (type: string, origin: Origin, data: unknown): OutboxRecord<unknown> =>
  outboxRecord(EVENT_SOURCE, { type, ...originFields(origin), data })

/** A card event; its data is the card as the API shows it. */
export const cardViewEvent = (type: string, origin: Origin, card: CardView): OutboxRecord<unknown> => cardEvent(type, origin, card)

/**
 * A card transaction's two events: the webhook's (`CARD_TRANSACTION.<status>`, the transaction as
 * the API shows it) and the fact the payments service keeps it listed by.
 */
export function cardTransactionEvents(origin: Origin, record: CardTransactionRecord, view: CardTransactionView): OutboxRecord<unknown>[] {
  const fact = CardTransactionRecorded.toJSON({
    cardTransactionId: record.id,
    version: BigInt(record.version),
    cardId: record.cardId,
    customerId: record.customerId,
    platformCustomerId: record.platformCustomerId,
    accountId: record.accountId,
    status: record.status,
    direction: record.direction,
    currency: record.currency,
    authorizedAmount: record.authorizedAmount,
    transactionJson: JSON.stringify(view),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  })
  return [cardEvent(cardTransactionEventType(record.status), origin, view), cardEvent(CARD_TRANSACTION_RECORDED, origin, fact)]
}

const INSERT_EVENTS = prepared(
  'cards_insert_outbox',
  `INSERT INTO outbox_events (id, subject, payload)
   SELECT e.id, e.subject, e.payload FROM unnest($1::text[], $2::text[], $3::jsonb[]) AS e(id, subject, payload)`,
)

/** Writes the events in the caller's transaction, so they commit with the change they report. */
export async function writeEvents(tx: SqlTx, events: OutboxRecord<unknown>[]): Promise<void> {
  if (events.length === 0) return
  await tx.query(INSERT_EVENTS, [events.map((e) => e.envelope.id), events.map((e) => e.subject), events.map((e) => JSON.stringify(e.envelope))])
}
