import { prepared } from '@pp/db'
import type { NetworkMessage } from '../domain/transactions/message.js'
import type { SqlTx } from './client.js'

interface MessageRow {
  token: string
  platform_id: string
  environment: NetworkMessage['environment']
  card_id: string
  kind: NetworkMessage['kind']
  card_transaction_id: string | null
  request: NetworkMessage['request']
  fingerprint: string
  outcome: string
  created_at: Date
}

const messageOf = (row: MessageRow): NetworkMessage => ({
  token: row.token,
  platformId: row.platform_id,
  environment: row.environment,
  cardId: row.card_id,
  kind: row.kind,
  cardTransactionId: row.card_transaction_id,
  request: row.request,
  fingerprint: row.fingerprint,
  outcome: row.outcome,
  createdAt: row.created_at,
})

// the message and the job that finishes it should its processing be interrupted, in one statement;
// an existing message (a retry under the same key) is answered instead
const RECEIVE = prepared(
  'cards_receive_message',
  `WITH received AS (
     INSERT INTO card_network_messages (token, platform_id, environment, card_id, kind, card_transaction_id, request, fingerprint, outcome, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, 'RECEIVED', $9)
     ON CONFLICT (token) DO NOTHING
     RETURNING *),
   job AS (
     INSERT INTO card_jobs (id, kind, card_id, card_transaction_id, run_at, created_at)
     SELECT 'recover:' || token, 'RECOVER_MESSAGE', card_id, card_transaction_id, $10, $9 FROM received)
   SELECT *, true AS new FROM received
   UNION ALL
   SELECT *, false AS new FROM card_network_messages WHERE token = $1 AND NOT EXISTS (SELECT 1 FROM received)`,
)

/**
 * Records a received message (with its recovery job due at `recoverAt`), or answers the one already
 * under its token. A twin inserted concurrently commits after this statement's snapshot was taken:
 * the statement then sees neither row, and the twin is read anew.
 */
export async function receiveMessage(sql: SqlTx, message: NetworkMessage, recoverAt: Date): Promise<{ message: NetworkMessage; isNew: boolean }> {
  const [row] = await sql.query<MessageRow & { new: boolean }>(RECEIVE, [
    message.token, message.platformId, message.environment, message.cardId, message.kind, message.cardTransactionId,
    JSON.stringify(message.request), message.fingerprint, message.createdAt, recoverAt,
  ])
  if (row) return { message: messageOf(row), isNew: row.new }
  return { message: (await findMessage(sql, message.token))!, isNew: false }
}

const FIND = prepared('cards_find_message', 'SELECT * FROM card_network_messages WHERE token = $1')

export async function findMessage(sql: SqlTx, token: string): Promise<NetworkMessage | undefined> {
  const [row] = await sql.query<MessageRow>(FIND, [token])
  return row && messageOf(row)
}
