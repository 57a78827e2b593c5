import { createTestDatabase, waitUntil, type TestDatabase } from '@pp/testing'
import pg from 'pg'
import { pino } from 'pino'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { startPruning, type PruneRule, type Pruning } from '../src/index.js'

const HOUR_MS = 3_600_000
const T = new Date('2026-01-10T12:00:00.000Z')
const ago = (ms: number, from = T): Date => new Date(from.getTime() - ms)

let db: TestDatabase
let client: pg.Client
const running: Pruning[] = []

beforeAll(async () => {
  db = await createTestDatabase('retention')
  client = new pg.Client({ connectionString: db.url })
  await client.connect()
  await client.query(`CREATE TABLE items (id TEXT PRIMARY KEY, finished_at TIMESTAMPTZ(3))`)
  await client.query(`CREATE INDEX items_finished_idx ON items (finished_at) WHERE finished_at IS NOT NULL`)
})

beforeEach(async () => {
  await Promise.all(running.splice(0).map((pruning) => pruning.stop()))
  await client.query('DELETE FROM items')
})

afterAll(async () => {
  await Promise.all(running.map((pruning) => pruning.stop()))
  await client.end()
  await db.drop()
})

const rule = (keepMs: number): PruneRule => ({ name: 'items', table: 'items', since: 'finished_at', keepMs })

/** The run lines of a pruning's debug log, to see when it runs at all. */
function recordingLogger() {
  const runs: Array<{ msg?: string; time: number; nextDueAt?: string }> = []
  const logger = pino({ level: 'debug' }, { write: (line: string) => void runs.push(JSON.parse(line)) })
  return { logger, runs: () => runs.filter((line) => line.msg === 'pruning ran') }
}

function start(keepMs: number, options: { now?: () => Date; batchSize?: number | undefined; logger?: pino.Logger } = {}): Pruning {
  const pruning = startPruning({ databaseUrl: db.url, logger: options.logger ?? pino({ level: 'silent' }), rules: [rule(keepMs)], ...options })
  running.push(pruning)
  return pruning
}

async function insert(id: string, finishedAt: Date | null): Promise<void> {
  await client.query('INSERT INTO items (id, finished_at) VALUES ($1, $2)', [id, finishedAt])
}

const ids = async (): Promise<string[]> => (await client.query<{ id: string }>('SELECT id FROM items ORDER BY id')).rows.map((r) => r.id)

/**
 * A pruning on a clock set to T, whose loop ran once at start two days earlier: its timer is then
 * two days away, and the test's own calls of `prune` are the only runs.
 */
async function startAtT(keepMs: number, batchSize?: number): Promise<Pruning> {
  let now = ago(48 * HOUR_MS)
  const { logger, runs } = recordingLogger()
  const pruning = start(keepMs, { now: () => now, batchSize, logger })
  await waitUntil(async () => runs().length === 1, 'the start-up run', 5_000, 10)
  now = T
  return pruning
}

it('deletes only the finished rows as old as the limit, and answers when the oldest kept one falls due', async () => {
  await insert('a-old', ago(2 * HOUR_MS))
  await insert('b-at-limit', ago(HOUR_MS))
  await insert('c-recent', ago(30 * 60_000))
  await insert('d-unfinished', null)
  const pruning = await startAtT(HOUR_MS)
  expect(await ids()).toHaveLength(4)

  expect(await pruning.prune()).toEqual(new Date(T.getTime() + 30 * 60_000))
  expect(await ids()).toEqual(['c-recent', 'd-unfinished'])
})

it('goes again at once after a full batch, and with nothing finished looks again one limit later', async () => {
  for (let i = 0; i < 5; i += 1) await insert(`old-${i}`, ago(2 * HOUR_MS + i))
  await insert('unfinished', null)
  const pruning = await startAtT(HOUR_MS, 2)

  expect(await pruning.prune()).toEqual(T)
  expect(await ids()).toHaveLength(4)
  expect(await pruning.prune()).toEqual(T)
  // the last old row: the batch is not full, and only an unfinished row is left
  expect(await pruning.prune()).toEqual(new Date(T.getTime() + HOUR_MS))
  expect(await ids()).toEqual(['unfinished'])
})

it('wakes when the oldest row falls due, by the data alone, and runs nothing in between', async () => {
  const keepMs = 1_500
  const { logger, runs } = recordingLogger()
  const finishedAt = ago(keepMs - 500, new Date())
  await insert('due-soon', finishedAt)
  await insert('unfinished', null)
  start(keepMs, { logger })

  await waitUntil(async () => (await ids()).length === 1, 'the row to go when it falls due', 5_000, 20)
  expect(await ids()).toEqual(['unfinished'])
  // after the start's run, none before the row fell due (a timer may fire a millisecond early, and look again)
  const dueAt = finishedAt.getTime() + keepMs
  expect(runs().slice(1).every((run) => run.time >= dueAt - 5)).toBe(true)
  // with no finished row left, the next look is one limit after the last run, and nothing runs before it
  const settled = runs().length
  expect(new Date(runs()[settled - 1]!.nextDueAt!).getTime() - Date.now()).toBeGreaterThan(keepMs - 500)
  await new Promise((resolve) => setTimeout(resolve, 800))
  expect(runs()).toHaveLength(settled)
})

it('resumes after a restart from what the table holds', async () => {
  await insert('old', ago(2 * HOUR_MS, new Date()))
  await insert('recent', new Date())
  start(HOUR_MS)
  await waitUntil(async () => (await ids()).length === 1, 'the start-up run to prune the old row', 5_000, 20)
  expect(await ids()).toEqual(['recent'])
})
