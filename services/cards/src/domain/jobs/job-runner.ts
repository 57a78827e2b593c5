import { startWakeLoop, type WakeLoop } from '@pp/db'
import { claimDueJobs, finishJob, nextJobDue } from '../../db/jobs.db.js'
import type { CardsDeps } from '../deps.js'
import { runJob } from './card-jobs.js'

/**
 * The channels the cards migrations' trigger notifies: work due now, and work due later (message
 * recoveries, authorization expiries), whose notification carries its due time in epoch ms.
 */
const JOBS_CHANNEL = 'card_jobs'
const RECOVERY_CHANNEL = 'card_recovery'
/** How long a claimed job stays out of other runs' reach; a job not finished by then runs again. */
const LEASE_MS = 30_000

/**
 * Claims the due jobs (FOR UPDATE SKIP LOCKED: replicas never take the same one) under a lease
 * and runs them, each marked done once its work is. One that fails, or whose process dies, runs
 * again when its lease ends; each job's work is idempotent.
 */
async function runDueJobs(deps: CardsDeps, batch: number): Promise<number> {
  const now = deps.now()
  const jobs = await claimDueJobs(deps.sql, now, batch, new Date(now.getTime() + LEASE_MS))
  for (const job of jobs) {
    await runJob(deps, job).then(
      () => finishJob(deps.sql, job.id, deps.now()),
      (err: unknown) => deps.logger.warn({ err, jobId: job.id, kind: job.kind }, 'card job failed; it runs again when its lease ends'),
    )
  }
  return jobs.length
}

/** The due time a later job's notification carries; none for a notification written before it did. */
function dueAtOf(payload: string): Date | undefined {
  const ms = Number(payload)
  return payload !== '' && Number.isFinite(ms) ? new Date(ms) : undefined
}

export interface JobRunner {
  stop(): Promise<void>
}

/**
 * Wakes when a job due now is inserted and when the earliest pending one falls due; never polls. A
 * job due later (a message's recovery, usually closed before; an authorization's expiry) only arms
 * the timer, at the due time its notification names.
 */
export function startJobRunner(deps: CardsDeps, databaseUrl: string): JobRunner {
  const batch = deps.settings.jobsBatch
  const common = { databaseUrl, logger: deps.logger, now: deps.now }
  // a full batch means more may be due: go again at once
  const run = async (): Promise<Date | undefined> => ((await runDueJobs(deps, batch)) === batch ? deps.now() : nextJobDue(deps.sql))
  const loops: WakeLoop[] = [
    startWakeLoop({ ...common, name: 'card-jobs', channel: JOBS_CHANNEL, run }),
    startWakeLoop({ ...common, name: 'card-recovery', channel: RECOVERY_CHANNEL, notifiedDueAt: dueAtOf, notifiedWorkDueAfterMs: deps.settings.messageRecoveryMs, run }),
  ]
  return { stop: async () => void (await Promise.all(loops.map((loop) => loop.stop()))) }
}
