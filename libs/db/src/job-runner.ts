import type { Logger } from '@pp/logging'
import type { PruneRule } from './retention.js'
import { prepared, type PreparedStatement, type SqlRunner } from './sql-pool.js'
import { startWakeLoop, type WakeLoop } from './wake-loop.js'

/** What every job row carries; `kind` picks its handler. */
export interface Job {
  id: string
  kind: string
  /** When the job fell due (before its claim moved `run_at` past the lease). */
  dueAt: Date
  /** Claims so far, this one included. */
  attempts: number
}

/** A NOTIFY channel a service's triggers use to say that jobs were written. */
export interface JobChannel {
  name: string
  /**
   * The payload is the epoch milliseconds of the earliest job written (work due later): the
   * notification only arms the timer, it costs no statement.
   */
  carriesDueAt?: boolean
  /** Without a readable due time, the work a notification announces falls due this long after it. */
  notifiedWorkDueAfterMs?: number
}

export interface JobRunnerOptions<J extends Job> {
  /** Names the runner's statements, loops and log lines; unique in the service. */
  name: string
  /**
   * The jobs table: `id` TEXT primary key, `kind` TEXT, `run_at` TIMESTAMPTZ, `attempts` INTEGER,
   * `last_error` TEXT, `done_at` TIMESTAMPTZ (NULL while pending), an index on `run_at` WHERE
   * `done_at` IS NULL, and one on `done_at` WHERE it IS NOT NULL for `doneJobs`.
   */
  table: string
  /** SQL of the columns a handler reads besides the common ones, aliased to `J`'s fields. */
  columns: string
  channels: JobChannel[]
  handlers: Record<J['kind'], (job: J) => Promise<void>>
  sql: SqlRunner
  databaseUrl: string
  logger: Logger
  now: () => Date
  /** How long a claimed job stays out of other runs' reach: one not finished by then runs again. */
  leaseMs: number
  /** Jobs one claim takes at most. */
  batchSize: number
  /** After a failed run the job waits `retryDelayMs`, doubled per attempt up to `retryDelayMsMax`. */
  retryDelayMs: number
  retryDelayMsMax: number
}

export interface JobRun {
  claimed: number
  /** When the runner should look again: now after a full batch, else the earliest pending job or lease. */
  nextDueAt: Date | undefined
}

export interface JobRunner {
  /** Claims and runs one batch of due jobs, as a wake of the loop would. */
  runDue(): Promise<JobRun>
  /** Runs due jobs whenever a channel notifies or the next one falls due; never polls. */
  start(): RunningJobs
}

export interface RunningJobs {
  /** Stops waking and waits for the batch in hand. */
  stop(): Promise<void>
}

interface Statements {
  claim: PreparedStatement
  finish: PreparedStatement
  retry: PreparedStatement
}

/**
 * One statement claims a batch and reads the next due time: the due jobs (another runner's locked
 * ones skipped) move past the lease, so a process that dies with them leaves them due again when
 * it ends. Every row (one without a job when none was due) carries the earliest due time of the
 * pending jobs it did not claim, read in the same snapshot.
 */
const statementsOf = (name: string, table: string, columns: string): Statements => ({
  claim: prepared(
    `${name}_claim`,
    `WITH due AS (
       SELECT id, run_at FROM ${table} WHERE done_at IS NULL AND run_at <= $1 ORDER BY run_at LIMIT $2 FOR UPDATE SKIP LOCKED
     ), claimed AS (
       UPDATE ${table} AS job SET run_at = $3, attempts = job.attempts + 1 FROM due WHERE job.id = due.id
       RETURNING job.id, job.kind, due.run_at AS "dueAt", job.attempts, ${columns}
     )
     SELECT claimed.*, next.at AS "nextDueAt"
       FROM (SELECT min(run_at) AS at FROM ${table} WHERE done_at IS NULL AND id NOT IN (SELECT id FROM claimed)) AS next
       LEFT JOIN claimed ON true`,
  ),
  finish: prepared(`${name}_finish`, `UPDATE ${table} SET done_at = $2, last_error = NULL WHERE id = $1 AND done_at IS NULL`),
  retry: prepared(`${name}_retry`, `UPDATE ${table} SET run_at = $2, last_error = $3 WHERE id = $1 AND done_at IS NULL`),
})

/**
 * The one job runner: jobs are rows of the service's own table, claimed under a lease with FOR
 * UPDATE SKIP LOCKED (runners in several replicas never take the same one), run by the handler of
 * their kind outside any transaction, and marked done once the handler returns. A handler that
 * throws puts its job off by a growing delay, so the jobs behind it still run; a process that dies
 * leaves its jobs to run again when their lease ends. Handlers are therefore idempotent.
 */
export function jobRunner<J extends Job>(options: JobRunnerOptions<J>): JobRunner {
  const { sql, logger, now, batchSize } = options
  const statements = statementsOf(options.name, options.table, options.columns)

  async function runOne(job: J, failedUntil: number[]): Promise<void> {
    const handler = (options.handlers as Record<string, ((job: J) => Promise<void>) | undefined>)[job.kind]
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`)
      await handler(job)
    } catch (err) {
      const retryAt = now().getTime() + Math.min(options.retryDelayMsMax, options.retryDelayMs * 2 ** Math.min(job.attempts - 1, 30))
      logger.warn({ err, runner: options.name, jobId: job.id, kind: job.kind, attempts: job.attempts, retryAt: new Date(retryAt) }, 'job failed; it runs again later')
      await sql.query(statements.retry, [job.id, new Date(retryAt), err instanceof Error ? err.message : String(err)])
      failedUntil.push(retryAt)
      return
    }
    await sql.query(statements.finish, [job.id, now()])
  }

  async function runDue(): Promise<JobRun> {
    const at = now()
    const rows = await sql.query<(J | { [K in keyof J]: null }) & { nextDueAt: Date | null }>(statements.claim, [at, batchSize, new Date(at.getTime() + options.leaseMs)])
    const jobs = rows.filter((row): row is J & { nextDueAt: Date | null } => row.id !== null)
    const failedUntil: number[] = []
    for (const job of jobs) await runOne(job, failedUntil)
    if (jobs.length === batchSize) return { claimed: jobs.length, nextDueAt: now() }
    const pending = rows[0]?.nextDueAt?.getTime()
    const next = [...failedUntil, ...(pending === undefined ? [] : [pending])]
    return { claimed: jobs.length, nextDueAt: next.length === 0 ? undefined : new Date(Math.min(...next)) }
  }

  function start(): RunningJobs {
    const run = async () => (await runDue()).nextDueAt
    const loops: WakeLoop[] = options.channels.map((channel) =>
      startWakeLoop({
        name: `${options.name}:${channel.name}`,
        databaseUrl: options.databaseUrl,
        channel: channel.name,
        logger,
        now,
        run,
        ...(channel.carriesDueAt ? { notifiedDueAt: dueAtOf } : {}),
        ...(channel.notifiedWorkDueAfterMs === undefined ? {} : { notifiedWorkDueAfterMs: channel.notifiedWorkDueAfterMs }),
      }),
    )
    return { stop: async () => void (await Promise.all(loops.map((loop) => loop.stop()))) }
  }

  return { runDue, start }
}

/** The due time a notification carries; none for one written without it. */
function dueAtOf(payload: string): Date | undefined {
  const ms = Number(payload)
  return payload !== '' && Number.isFinite(ms) ? new Date(ms) : undefined
}

/**
 * The jobs done longer ago than `keepMs`. Only for a table whose job ids are random, or whose
 * deterministic ids are inserted once per subject whatever the table holds, or whose handlers
 * find nothing left to do when such a job is inserted again: a pruned row no longer stops an
 * `INSERT ... ON CONFLICT DO NOTHING` of the same id.
 */
export const doneJobs = (table: string, keepMs: number): PruneRule => ({ name: `${table}_done`, table, since: 'done_at', keepMs })
