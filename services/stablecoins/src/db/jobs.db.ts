import type { Job } from '@pp/db'
import { newId } from '@pp/ids'
import type { Tenant } from '../domain/types.js'
import { open, type Tx } from './client.js'

export type JobKind = 'SETTLE_OPERATION' | 'APPROVE_ENABLEMENT' | 'COMPLETE_ENABLEMENT'

export interface DueJob extends Job, Tenant {
  kind: JobKind
  subjectId: string
}

/** The jobs table as the shared runner (@pp/db jobRunner) reads it. */
export const STABLECOIN_JOBS = { table: 'jobs', columns: 'subject_id AS "subjectId", platform_id AS "platformId", environment' }

export async function insertJob(tx: Tx, job: { kind: JobKind; subjectId: string; tenant: Tenant; runAt: Date }): Promise<void> {
  await open(tx).job.create({ data: { id: newId('Job'), kind: job.kind, subjectId: job.subjectId, ...job.tenant, runAt: job.runAt } })
}

/** The subject's pending jobs of these kinds never run (the operator decided instead). */
export async function closePendingJobs(tx: Tx, subjectId: string, kinds: JobKind[], at: Date): Promise<void> {
  await open(tx).job.updateMany({ where: { subjectId, kind: { in: kinds }, doneAt: null }, data: { doneAt: at } })
}
