import { jetstream, type JetStreamClient } from '@nats-io/jetstream'
import type { NatsConnection } from '@nats-io/transport-node'
import type { Logger } from '@pp/logging'
import pg from 'pg'

export interface RelayOptions {
  databaseUrl: string
  nats: NatsConnection
  logger: Logger
  batchSize?: number
  pollIntervalMs?: number
  retryDelayMsMax?: number
}

export interface OutboxRelay {
  /** Publishes what is waiting now; resolves with how many events went out. */
  flush(): Promise<number>
  stop(): Promise<void>
}

/**
 * Publishes outbox rows to JetStream in commit order, with the event id as the message id so
 * JetStream drops a duplicate. Rows are claimed with SKIP LOCKED, so several replicas can relay
 * the same database, and marked published in the same transaction that claimed them: a crash
 * between publish and commit republishes, never loses.
 */
export function startOutboxRelay(options: RelayOptions): OutboxRelay {
  const { logger, batchSize = 100, pollIntervalMs = 100, retryDelayMsMax = 5_000 } = options
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 2 })
  const js = jetstream(options.nats)
  let running = true
  let failures = 0
  let wake: (() => void) | undefined

  const loop = (async () => {
    while (running) {
      let published = 0
      try {
        published = await publishBatch(pool, js, batchSize)
        failures = 0
      } catch (err) {
        failures += 1
        logger.warn({ err, failures }, 'outbox relay could not publish; will retry')
      }
      if (published < batchSize) await sleep(delayFor(failures, pollIntervalMs, retryDelayMsMax))
    }
  })()

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms)
      wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })
  }

  return {
    flush: () => publishBatch(pool, js, batchSize),
    async stop() {
      running = false
      wake?.()
      await loop
      await pool.end()
    },
  }
}

function delayFor(failures: number, pollIntervalMs: number, retryDelayMsMax: number): number {
  if (failures === 0) return pollIntervalMs
  return Math.min(retryDelayMsMax, pollIntervalMs * 2 ** Math.min(failures, 10))
}

async function publishBatch(pool: pg.Pool, js: JetStreamClient, batchSize: number): Promise<number> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    const { rows } = await client.query<{ id: string; subject: string; payload: unknown }>(
      `SELECT id, subject, payload FROM outbox_events WHERE published_at IS NULL
        ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [batchSize],
    )
    for (const row of rows) {
      await js.publish(row.subject, JSON.stringify(row.payload), { msgID: row.id })
    }
    if (rows.length > 0) {
      await client.query('UPDATE outbox_events SET published_at = now() WHERE id = ANY($1)', [rows.map((r) => r.id)])
    }
    await client.query('COMMIT')
    return rows.length
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw err
  } finally {
    client.release()
  }
}
