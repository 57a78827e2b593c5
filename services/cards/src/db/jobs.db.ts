import { prepared } from '@pp/db'
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

export interface DueJob {
  id: string
  kind: JobKind
  cardId: string
  cardTransactionId: string | null
}

// claims the due jobs (another replica's locked ones skipped) by moving them past a lease: a
// process that dies with them leaves them due again when the lease ends
const CLAIM_DUE = prepared(
  'cards_claim_due_jobs',
  `UPDATE card_jobs SET run_at = $3, attempts = attempts + 1
    WHERE id IN (SELECT id FROM card_jobs WHERE done_at IS NULL AND run_at <= $1 ORDER BY run_at LIMIT $2 FOR UPDATE SKIP LOCKED)
   RETURNING id, kind, card_id, card_transaction_id`,
)

export async function claimDueJobs(tx: SqlTx, now: Date, batch: number, leaseUntil: Date): Promise<DueJob[]> {
  const rows = await tx.query<{ id: string; kind: JobKind; card_id: string; card_transaction_id: string | null }>(CLAIM_DUE, [now, batch, leaseUntil])
  return rows.map((row) => ({ id: row.id, kind: row.kind, cardId: row.card_id, cardTransactionId: row.card_transaction_id }))
}

const FINISH = prepared('cards_finish_job', 'UPDATE card_jobs SET done_at = $2 WHERE id = $1 AND done_at IS NULL')

/** Marks a job done once its work is. */
export async function finishJob(tx: SqlTx, id: string, now: Date): Promise<void> {
  await tx.query(FINISH, [id, now])
}

const NEXT_DUE = prepared('cards_next_job_due', 'SELECT min(run_at) AS run_at FROM card_jobs WHERE done_at IS NULL')

export async function nextJobDue(sql: SqlTx): Promise<Date | undefined> {
  const [row] = await sql.query<{ run_at: Date | null }>(NEXT_DUE, [])
  return row?.run_at ?? undefined
}
