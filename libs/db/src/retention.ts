import type { Logger } from '@pp/logging'
import { createSqlPool, prepared, type PreparedStatement, type SqlRunner } from './sql-pool.js'
import { startWakeLoop } from './wake-loop.js'

/** Rows of one table that go once they have been finished longer than a limit. */
export interface PruneRule {
  /** Names the rule's statement and its log lines; unique in the service. */
  name: string
  table: string
  /**
   * SQL of the time a row's age counts from (published, delivered, stored), NULL while the row
   * must stay whatever its age (not yet published, not yet delivered). A btree index on this
   * expression, partial WHERE it IS NOT NULL, keeps both reads of the rule's statement cheap
   * however large the table grows.
   */
  since: string
  /**
   * SQL of a further condition a row must meet to go (a row that does not stays whatever its age),
   * for rules whose rows the `since` index finds but a state elsewhere decides on.
   */
  where?: string
  /** How long a finished row stays; also how often an idle table is looked at, so minutes or more. */
  keepMs: number
}

export interface PruningOptions {
  databaseUrl: string
  logger: Logger
  rules: PruneRule[]
  /** Rows one statement deletes at most: a backlog goes in short transactions, one after another. */
  batchSize?: number
  /** The clock the ages are read on (a test's clock); the real one by default. */
  now?: () => Date
}

export interface Pruning {
  /** Prunes what is due now, as the loop would; answers when the next row falls due. */
  prune(): Promise<Date | undefined>
  stop(): Promise<void>
}

interface RuleOutcome {
  pruned: number
  /** The oldest row that stays, by its `since`. */
  oldestKept: Date | null
}

/**
 * One batch of a rule's rows as old as the limit or older ($1: the latest finish that goes),
 * oldest first, and in the same snapshot the oldest row that stays. Rows another replica is
 * pruning are skipped, not waited for.
 */
const statementOf = ({ name, table, since, where = 'true' }: PruneRule): PreparedStatement =>
  prepared(
    `prune_${name}`,
    `WITH doomed AS (
       SELECT ctid FROM ${table} WHERE ${since} <= $1 AND (${where}) ORDER BY ${since} LIMIT $2 FOR UPDATE SKIP LOCKED
     ), pruned AS (
       DELETE FROM ${table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM doomed)) RETURNING 1
     )
     SELECT (SELECT count(*)::int FROM pruned) AS pruned,
            (SELECT ${since} FROM ${table} WHERE ${since} > $1 AND (${where}) ORDER BY ${since} LIMIT 1) AS "oldestKept"`,
  )

/**
 * Deletes rows once they have been finished (published, delivered, expired) longer than their
 * rule's limit, in bounded batches through each rule's index, and never a row whose `since` is
 * still NULL. It runs in a wake loop whose due time the data gives: the oldest row kept falls due
 * at its `since` plus the limit, and a row finished from now on no sooner than now plus the limit.
 * So it issues no statement between due times (an idle service runs one per rule and limit), and
 * a restart looks once and resumes from what the tables hold. Several replicas may run it.
 */
export function startPruning(options: PruningOptions): Pruning {
  const { batchSize = 500, now = () => new Date(), logger } = options
  const sql = createSqlPool(options.databaseUrl, 1)
  const targets = options.rules.map((rule) => ({ rule, statement: statementOf(rule) }))

  async function prune(): Promise<Date | undefined> {
    let next: number | undefined
    for (const target of targets) {
      const due = await pruneBatch(sql, target, now().getTime(), batchSize, logger)
      next = Math.min(next ?? due, due)
    }
    const nextDueAt = next === undefined ? undefined : new Date(next)
    logger.debug({ nextDueAt }, 'pruning ran')
    return nextDueAt
  }

  const loop = startWakeLoop({ name: 'pruning', databaseUrl: options.databaseUrl, logger, run: prune, now })
  return {
    prune,
    async stop() {
      await loop.stop()
      await sql.end()
    },
  }
}

interface Target {
  rule: PruneRule
  statement: PreparedStatement
}

/** One batch of one rule at time `at`; answers when the rule next has work (`at` itself after a full batch). */
async function pruneBatch(sql: SqlRunner, { rule, statement }: Target, at: number, batchSize: number, logger: Logger): Promise<number> {
  const [outcome] = await sql.query<RuleOutcome>(statement, [new Date(at - rule.keepMs), batchSize])
  const { pruned, oldestKept } = outcome!
  if (pruned > 0) logger.info({ rule: rule.name, pruned }, 'pruned rows past their retention')
  if (pruned === batchSize) return at
  return (oldestKept?.getTime() ?? at) + rule.keepMs
}
