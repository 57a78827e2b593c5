import { createTestDatabase, waitUntil, type TestDatabase } from '@pp/testing'
import pg from 'pg'
import { pino } from 'pino'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { createSqlPool, doneJobs, jobRunner, startPruning, type Job, type JobRunnerOptions, type SqlPool } from '../src/index.js'

const T = new Date('2026-01-10T12:00:00.000Z')
const LEASE_MS = 30_000

interface TestJob extends Job {
  kind: 'WORK'
  subject: string
}

let db: TestDatabase
let client: pg.Client
let sql: SqlPool

beforeAll(async () => {
  db = await createTestDatabase('job_runner')
  client = new pg.Client({ connectionString: db.url })
  await client.connect()
  await client.query(`CREATE TABLE test_jobs (
    id TEXT PRIMARY KEY, kind TEXT NOT NULL, subject TEXT NOT NULL, run_at TIMESTAMPTZ(3) NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT, done_at TIMESTAMPTZ(3))`)
  await client.query(`CREATE INDEX test_jobs_pending_idx ON test_jobs (run_at) WHERE done_at IS NULL`)
  await client.query(`CREATE INDEX test_jobs_done_idx ON test_jobs (done_at) WHERE done_at IS NOT NULL`)
  sql = createSqlPool(db.url, 4)
})

beforeEach(async () => {
  await client.query('DELETE FROM test_jobs')
})

afterAll(async () => {
  await sql.end()
  await client.end()
  await db.drop()
})

async function insert(id: string, runAt: Date): Promise<void> {
  await client.query(`INSERT INTO test_jobs (id, kind, subject, run_at) VALUES ($1, 'WORK', $1, $2)`, [id, runAt])
}

const rowOf = async (id: string) =>
  (await client.query<{ attempts: number; last_error: string | null; done_at: Date | null; run_at: Date }>('SELECT * FROM test_jobs WHERE id = $1', [id])).rows[0]!

function runner(work: (job: TestJob) => Promise<void>, clock: () => Date, overrides: Partial<JobRunnerOptions<TestJob>> = {}) {
  return jobRunner<TestJob>({
    name: 'test_jobs',
    table: 'test_jobs',
    columns: 'subject',
    channels: [{ name: 'test_jobs' }],
    handlers: { WORK: work },
    sql,
    databaseUrl: db.url,
    logger: pino({ level: 'silent' }),
    now: clock,
    leaseMs: LEASE_MS,
    batchSize: 10,
    retryDelayMs: 1_000,
    retryDelayMsMax: 4_000,
    ...overrides,
  })
}

it('gives each due job to one of two runners claiming at once, and reports the next one due', async () => {
  for (let i = 0; i < 20; i += 1) await insert(`job-${String(i).padStart(2, '0')}`, T)
  await insert('later', new Date(T.getTime() + 60_000))
  const seen: string[] = []
  const work = async (job: TestJob) => void seen.push(job.subject)
  const [a, b] = await Promise.all([runner(work, () => T).runDue(), runner(work, () => T).runDue()])
  expect(a.claimed + b.claimed).toBe(20)
  expect(new Set(seen).size).toBe(20)
  expect(seen).toHaveLength(20)
  const last = await runner(work, () => T).runDue()
  expect(last).toEqual({ claimed: 0, nextDueAt: new Date(T.getTime() + 60_000) })
})

it('runs a job again once the lease of a runner that never finished it ends', async () => {
  await insert('job', T)
  let now = T
  // a runner whose process dies mid-job: its handler never returns
  void runner(() => new Promise<void>(() => undefined), () => now).runDue()
  await waitUntil(async () => (await rowOf('job')).attempts === 1, 'the first claim')
  const ran: string[] = []
  const second = runner(async (job) => void ran.push(job.id), () => now)
  expect(await second.runDue()).toEqual({ claimed: 0, nextDueAt: new Date(T.getTime() + LEASE_MS) })
  now = new Date(T.getTime() + LEASE_MS)
  expect((await second.runDue()).claimed).toBe(1)
  expect(ran).toEqual(['job'])
  expect(await rowOf('job')).toMatchObject({ attempts: 2, done_at: now })
})

it('puts a failed job off by a growing delay, keeps its error, and finishes it once it succeeds', async () => {
  await insert('job', T)
  let now = T
  let failures = 2
  const flaky = runner(async () => {
    if (failures-- > 0) throw new Error('ledger down')
  }, () => now)
  expect(await flaky.runDue()).toEqual({ claimed: 1, nextDueAt: new Date(T.getTime() + 1_000) })
  expect(await rowOf('job')).toMatchObject({ attempts: 1, last_error: 'ledger down', done_at: null })
  now = new Date(T.getTime() + 1_000)
  expect(await flaky.runDue()).toEqual({ claimed: 1, nextDueAt: new Date(now.getTime() + 2_000) })
  now = new Date(now.getTime() + 2_000)
  expect(await flaky.runDue()).toEqual({ claimed: 1, nextDueAt: undefined })
  expect(await rowOf('job')).toMatchObject({ attempts: 3, last_error: null, done_at: now })
})

it('prunes done jobs past their retention and keeps pending ones whatever their age', async () => {
  await insert('done-long-ago', T)
  await insert('pending', T)
  await client.query(`UPDATE test_jobs SET done_at = $1 WHERE id = 'done-long-ago'`, [T])
  const pruning = startPruning({ databaseUrl: db.url, logger: pino({ level: 'silent' }), rules: [doneJobs('test_jobs', 60_000)], now: () => new Date(T.getTime() + 60_000) })
  try {
    await waitUntil(async () => (await client.query('SELECT 1 FROM test_jobs WHERE id = $1', ['done-long-ago'])).rowCount === 0, 'the done job to go')
    expect((await client.query<{ id: string }>('SELECT id FROM test_jobs')).rows.map((r) => r.id)).toEqual(['pending'])
  } finally {
    await pruning.stop()
  }
})
