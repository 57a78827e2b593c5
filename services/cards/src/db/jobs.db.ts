import { prepared, type Job } from '@pp/db'
import type { JobKind, NewJob } from '../domain/types.js'
import type { SqlTx } from './client.js'

const INSERT_JOB = prepared(
  'cards_insert_job',
  'INSERT INTO card_jobs (id, kind, card_id, card_transaction_id, run_at, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
)

export async function insertJob(tx: SqlTx, job: NewJob, now: Date): Promise<void> {
  await tx.query(INSERT_JOB, [job.id, job.kind, job.cardId, job.cardTransactionId, job.runAt, now])
}

// one job per authorization still open on the card, due now (a rerun of the close adds none)
const EXPIRE_OPEN_AUTHORIZATIONS = prepared(
  'cards_expire_open_authorizations',
  `INSERT INTO card_jobs (id, kind, card_id, card_transaction_id, run_at, created_at)
   SELECT 'close:' || id, 'EXPIRE_AUTHORIZATION', card_id, id, $2, $2 FROM card_transactions WHERE card_id = $1 AND status = 'AUTHORIZED'
   ON CONFLICT (id) DO NOTHING`,
)

/** Makes every authorization still open on the card expire now, each by a job of its own. */
export async function expireOpenAuthorizations(tx: SqlTx, cardId: string, now: Date): Promise<void> {
  await tx.query(EXPIRE_OPEN_AUTHORIZATIONS, [cardId, now])
}

export interface DueJob extends Job {
  kind: JobKind
  cardId: string
  cardTransactionId: string | null
}

/** The jobs table as the shared runner (@pp/db jobRunner) reads it. */
export const CARD_JOBS = { table: 'card_jobs', columns: 'card_id AS "cardId", card_transaction_id AS "cardTransactionId"' }
