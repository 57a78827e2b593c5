import { createLogger } from '@pp/logging'
import { createTestDatabase, waitUntil, type TestDatabase } from '@pp/testing'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startWakeLoop } from '../src/index.js'

const CHANNEL = 'wake_loop_test'
let db: TestDatabase
let notifier: pg.Client

beforeAll(async () => {
  db = await createTestDatabase('wake_loop')
  notifier = new pg.Client({ connectionString: db.url })
  await notifier.connect()
})

afterAll(async () => {
  await notifier.end()
  await db.drop()
})

it('runs for the notifications whose payload may give it work, and for no other', async () => {
  const runs: number[] = []
  let listening = false
  const loop = startWakeLoop({
    name: 'test',
    databaseUrl: db.url,
    channel: CHANNEL,
    logger: createLogger('wake-loop-test', 'silent'),
    // a reconnect (here, the first connection) always runs once: that run says the LISTEN is in place
    run: async () => {
      listening = true
      runs.push(Date.now())
      return undefined
    },
    mayHaveWork: (payload) => payload === 'mine',
  })
  try {
    await waitUntil(async () => listening, 'the first run', 5_000, 10)
    const before = runs.length
    for (let i = 0; i < 5; i += 1) await notifier.query('SELECT pg_notify($1, $2)', [CHANNEL, 'another tenant'])
    await notifier.query('SELECT pg_notify($1, $2)', [CHANNEL, 'mine'])
    await waitUntil(async () => runs.length > before, 'a run for the notification that names it', 5_000, 10)
    // the five others were delivered before it on the same connection, and woke nothing
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(runs.length).toBe(before + 1)
  } finally {
    await loop.stop()
  }
})

it('only arms its timer for a notification that names when its work falls due, and runs then', async () => {
  const runs: number[] = []
  let listening = false
  const loop = startWakeLoop({
    name: 'test-due',
    databaseUrl: db.url,
    channel: `${CHANNEL}_due`,
    logger: createLogger('wake-loop-test', 'silent'),
    run: async () => {
      listening = true
      runs.push(Date.now())
      return undefined
    },
    notifiedDueAt: (payload) => new Date(Number(payload)),
  })
  try {
    await waitUntil(async () => listening, 'the first run', 5_000, 10)
    const before = runs.length
    const soon = Date.now() + 300
    // a far one arms nothing earlier; the near one arms the timer, and nothing runs before it
    await notifier.query('SELECT pg_notify($1, $2)', [`${CHANNEL}_due`, String(Date.now() + 3_600_000)])
    await notifier.query('SELECT pg_notify($1, $2)', [`${CHANNEL}_due`, String(soon)])
    await waitUntil(async () => runs.length > before, 'the run at the due time', 5_000, 10)
    expect(runs.length).toBe(before + 1)
    expect(runs.at(-1)!).toBeGreaterThanOrEqual(soon - 5)
  } finally {
    await loop.stop()
  }
})
