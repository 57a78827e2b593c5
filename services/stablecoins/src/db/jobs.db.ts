import { newId } from '@pp/ids'
import type { Tenant } from '../domain/types.js'
import { open, type Db, type Tx } from './client.js'

export type JobKind = 'SETTLE_OPERATION' | 'APPROVE_ENABLEMENT' | 'COMPLETE_ENABLEMENT'

export interface DueJob extends Tenant {
  id: string
  kind: JobKind
  subjectId: string
}

export async function insertJob(tx: Tx, job: { kind: JobKind; subjectId: string; tenant: Tenant; runAt: Date }): Promise<void> {
  await open(tx).job.create({ data: { id: newId('Job'), kind: job.kind, subjectId: job.subjectId, ...job.tenant, runAt: job.runAt } })
}

/** One due job, locked for the caller's transaction; those another replica holds are skipped. */
export async function lockDueJob(tx: Tx, now: Date): Promise<DueJob | undefined> {
  const [job] = await open(tx).$queryRaw<Array<{ id: string; kind: JobKind; subject_id: string; platform_id: string; environment: string }>>`
    SELECT "id", "kind", "subject_id", "platform_id", "environment" FROM "jobs"
     WHERE "done_at" IS NULL AND "run_at" <= ${now}
     ORDER BY "run_at" LIMIT 1 FOR UPDATE SKIP LOCKED`
  if (!job) return undefined
  return { id: job.id, kind: job.kind, subjectId: job.subject_id, platformId: job.platform_id, environment: job.environment as Tenant['environment'] }
}

export async function markJobDone(tx: Tx, id: string, at: Date): Promise<void> {
  await open(tx).job.update({ where: { id }, data: { doneAt: at } })
}

/** A job whose step failed waits longer after each failure, so it does not hold up the jobs behind it. */
export async function postponeJob(tx: Tx, id: string, now: Date, retryDelayMsMax: number): Promise<void> {
  await open(tx).$executeRaw`
    UPDATE "jobs" SET "attempts" = "attempts" + 1,
           "run_at" = ${now}::timestamptz + make_interval(secs => LEAST(${retryDelayMsMax}, 250 * 2 ^ LEAST("attempts", 16)) / 1000.0)
     WHERE "id" = ${id}`
}

/** The subject's pending jobs of these kinds never run (the operator decided instead). */
export async function closePendingJobs(tx: Tx, subjectId: string, kinds: JobKind[], at: Date): Promise<void> {
  await open(tx).job.updateMany({ where: { subjectId, kind: { in: kinds }, doneAt: null }, data: { doneAt: at } })
}

/** When the earliest pending job falls due (the partial index jobs_pending_idx answers it). */
export async function nextJobRunAt(db: Db): Promise<Date | undefined> {
  const next = await open(db).job.findFirst({ where: { doneAt: null }, orderBy: { runAt: 'asc' }, select: { runAt: true } })
  return next?.runAt
}
