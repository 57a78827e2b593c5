import { originFields, outboxRecord, writeOutboxRecords, type OutboxRecord } from '@pp/events'
import type { Origin } from '@pp/tenancy'
import { CardTransactionRecorded } from '@pp/proto/cards/v1/events'
import type { SqlTx } from '../db/client.js'
import type { CardTransactionRecord, CardTransactionView } from '../domain/types.js'
import { CARD_TRANSACTION_RECORDED, cardTransactionEventType, EVENT_SOURCE } from './types.js'

/** An event of this service as an outbox row, for a statement that writes it with its change. */
const cardEvent = (origin: Origin, type: string, data: unknown): OutboxRecord<unknown> =>
  outboxRecord(EVENT_SOURCE, { type, ...originFields(origin), data })

/** Records an event in the caller's transaction; the relay publishes it after commit. */
export async function recordEvent(tx: SqlTx, origin: Origin, type: string, data: unknown): Promise<void> {
  await writeOutboxRecords(tx, [cardEvent(origin, type, data)])
}

/**
 * A card transaction's two events, as outbox rows for the statement that records its change
 * (db/card-transactions.db.ts): the webhook's (`CARD_TRANSACTION.<status>`, the transaction as
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
  return [cardEvent(origin, cardTransactionEventType(record.status), view), cardEvent(origin, CARD_TRANSACTION_RECORDED, fact)]
}
