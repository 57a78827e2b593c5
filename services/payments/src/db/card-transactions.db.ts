import { prepared, type SqlRunner } from '@pp/db'
import { rowJson } from './columns.js'
import type { TransactionRow } from '../domain/transactions/types.js'

// a card transaction as the cards service last reported it: inserted once, then replaced only by a
// later version (a report redelivered, or overtaken by a newer one, changes nothing)
const UPSERT_CARD_TRANSACTION = prepared(
  'payments_upsert_card_transaction',
  `INSERT INTO transactions SELECT r.* FROM jsonb_populate_record(NULL::transactions, $1::jsonb) r
   ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, card_json = EXCLUDED.card_json, card_version = EXCLUDED.card_version,
     sender_identifier = EXCLUDED.sender_identifier, receiver_identifier = EXCLUDED.receiver_identifier,
     source = EXCLUDED.source, destination = EXCLUDED.destination, sent_amount = EXCLUDED.sent_amount,
     received_amount = EXCLUDED.received_amount, settled_at = EXCLUDED.settled_at, updated_at = EXCLUDED.updated_at
   WHERE transactions.type = 'CARD' AND transactions.card_version < EXCLUDED.card_version`,
)

export async function upsertCardTransaction(sql: SqlRunner, row: TransactionRow): Promise<void> {
  await sql.query(UPSERT_CARD_TRANSACTION, [rowJson(row)])
}
