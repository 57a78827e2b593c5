import { prepared } from '@pp/db'
import type { SqlTx } from './client.js'
import type { VerifiedReveal } from '../domain/reveal/reveal-token.js'

const TAKE = prepared(
  'cards_take_reveal',
  `INSERT INTO card_reveals (token_id, card_id, opened_at, expires_at) VALUES ($1, $2, $3, $4)
   ON CONFLICT (token_id) DO NOTHING RETURNING token_id`,
)

/** Takes a reveal link's one opening: true the first time, false for every later one. */
export async function takeReveal(sql: SqlTx, reveal: VerifiedReveal, now: Date): Promise<boolean> {
  const rows = await sql.query(TAKE, [reveal.tokenId, reveal.cardId, now, new Date(reveal.expiresAt)])
  return rows.length === 1
}
