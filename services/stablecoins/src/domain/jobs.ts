import { inTransaction, jobRunner, sqlOf, type JobRunner } from '@pp/db'
import { STABLECOIN_JOBS, type DueJob } from '../db/jobs.db.js'
import type { StablecoinsDeps } from './deps.js'
import { runEnablementStep } from './enablement.js'
import { settleOperation } from './operations/settle.js'
import { tenantOf } from './types.js'

/** How long a claimed job stays out of other runs' reach; a job not finished by then runs again. */
const LEASE_MS = 30_000
const BATCH = 50

/**
 * The stablecoin jobs on the shared runner, woken by the channel the migration's trigger notifies
 * when a job is written. Each step runs in a transaction of its own and is idempotent (it checks
 * the operation's or stablecoin's state, its ledger transfers keep their ids); one that fails (the
 * ledger or the provider did not answer) is rolled back and put off by a growing delay, so the
 * jobs behind it still run.
 */
export function stablecoinJobRunner(deps: StablecoinsDeps, databaseUrl: string): JobRunner {
  const enablementStep = (kind: 'APPROVE_ENABLEMENT' | 'COMPLETE_ENABLEMENT') => (job: DueJob) =>
    inTransaction(deps.db, (tx) => runEnablementStep(deps, tx, tenantOf(job), job.subjectId, kind))
  return jobRunner<DueJob>({
    name: 'stablecoin_jobs',
    ...STABLECOIN_JOBS,
    channels: [{ name: 'stablecoin_jobs' }],
    handlers: {
      SETTLE_OPERATION: (job) => inTransaction(deps.db, (tx) => settleOperation(deps, tx, tenantOf(job), job.subjectId)),
      APPROVE_ENABLEMENT: enablementStep('APPROVE_ENABLEMENT'),
      COMPLETE_ENABLEMENT: enablementStep('COMPLETE_ENABLEMENT'),
    },
    sql: sqlOf(deps.db),
    databaseUrl,
    logger: deps.logger,
    now: deps.now,
    leaseMs: LEASE_MS,
    batchSize: BATCH,
    retryDelayMs: 250,
    retryDelayMsMax: 60_000,
  })
}
