import { jobRunner, type JobRunner } from '@pp/db'
import { CARD_JOBS, type DueJob } from '../../db/jobs.db.js'
import type { CardsDeps } from '../deps.js'
import { cardJobHandlers } from './card-jobs.js'

/** How long a claimed job stays out of other runs' reach; a job not finished by then runs again. */
const LEASE_MS = 30_000

/**
 * The cards jobs on the shared runner. The migrations' trigger notifies two channels: `card_jobs`
 * for work due now, and `card_recovery` for work due later (message recoveries, authorization
 * expiries), whose notification carries its due time, so it only arms the timer. A job that
 * fails runs again a lease later, as one whose process died does.
 */
export function cardJobRunner(deps: CardsDeps, databaseUrl: string): JobRunner {
  return jobRunner<DueJob>({
    name: 'card_jobs',
    ...CARD_JOBS,
    channels: [{ name: 'card_jobs' }, { name: 'card_recovery', carriesDueAt: true, notifiedWorkDueAfterMs: deps.settings.messageRecoveryMs }],
    handlers: cardJobHandlers(deps),
    sql: deps.sql,
    databaseUrl,
    logger: deps.logger,
    now: deps.now,
    leaseMs: LEASE_MS,
    batchSize: deps.settings.jobsBatch,
    retryDelayMs: LEASE_MS,
    retryDelayMsMax: LEASE_MS,
  })
}
