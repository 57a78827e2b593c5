import { jetstream, type JetStreamClient } from '@nats-io/jetstream'
import type { MsgHdrs, NatsConnection } from '@nats-io/transport-node'
import type { Logger } from '@pp/logging'
import { createSqlPool, prepared, startWakeLoop, type SqlPool } from '@pp/db'
import { counter, histogram } from '@pp/metrics'
import type { EventEnvelope } from './envelope.js'
import type { SigningKey } from './trust/event-keys.js'
import { signedHeaders } from './trust/signature.js'

const publishLag = histogram('outbox_publish_lag_seconds', 'Time from an outbox row\'s commit to its publication on the stream')
const published = counter('outbox_events_published_total', 'Outbox events published on the stream')

/** The channel an outbox insert notifies (a statement-level trigger of every service's migrations). */
const OUTBOX_CHANNEL = 'outbox_events'

export interface RelayOptions {
  databaseUrl: string
  nats: NatsConnection
  logger: Logger
  /** The service's own key: every event it publishes carries a signature by it. */
  signingKey: SigningKey
  batchSize?: number
  /** The longest wait between tries while NATS (or the database) fails. */
  retryDelayMsMax?: number
}

export interface OutboxRelay {
  /** Publishes what is waiting now; resolves with how many events went out. */
  flush(): Promise<number>
  stop(): Promise<void>
}

interface OutboxRow {
  id: string
  subject: string
  payload: EventEnvelope
  created_at: Date
}

// the partial index outbox_events_unpublished_idx keeps this cheap however long the table grows
const CLAIM = prepared(
  'outbox_claim',
  `SELECT id, subject, payload, created_at FROM outbox_events WHERE published_at IS NULL
    ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
)
const MARK_PUBLISHED = prepared('outbox_mark_published', 'UPDATE outbox_events SET published_at = now() WHERE id = ANY($1)')

/**
 * Publishes outbox rows to JetStream in commit order, with the event id as the message id so
 * JetStream drops a duplicate. It wakes on the outbox's NOTIFY and never polls: an idle relay
 * issues no statement. Rows are claimed with SKIP LOCKED, so several replicas can relay the same
 * database, and marked published in the same transaction that claimed them: a crash between
 * publish and commit republishes, never loses. While NATS is disconnected the relay waits: a run
 * does nothing until nats.js reports the reconnect, which wakes it, so events written during an
 * outage go out once NATS returns. A publish that fails while connected is retried with a
 * growing delay. Rows are signed here, as they are published, rather than when written: the
 * private key stays with the relay, a key rotation applies to every event not yet published, and
 * rows written before events were signed go out signed.
 */
export function startOutboxRelay(options: RelayOptions): OutboxRelay {
  const { batchSize = 100 } = options
  const sql = createSqlPool(options.databaseUrl, 2)
  const js = jetstream(options.nats)
  const publish = (): Promise<number> => publishBatch(sql, js, options.signingKey, batchSize)
  let connected = true
  const loop = startWakeLoop({
    name: 'outbox-relay',
    databaseUrl: options.databaseUrl,
    channel: OUTBOX_CHANNEL,
    logger: options.logger,
    retryDelayMsMax: options.retryDelayMsMax,
    // a full batch means more is waiting: go again at once
    run: async () => (connected && (await publish()) === batchSize ? new Date() : undefined),
  })
  void (async () => {
    for await (const status of options.nats.status()) {
      if (status.type === 'disconnect') connected = false
      if (status.type === 'reconnect') {
        connected = true
        loop.wake()
      }
    }
  })()
  return {
    flush: publish,
    async stop() {
      await loop.stop()
      await sql.end()
    },
  }
}

/** An event's signature, and its trace context as the W3C header too, where NATS tooling looks for it. */
function eventHeaders(signingKey: SigningKey, payload: EventEnvelope): MsgHdrs {
  const hdrs = signedHeaders(signingKey, payload)
  if (payload.traceparent) hdrs.set('traceparent', payload.traceparent)
  return hdrs
}

/**
 * One claimed batch, published pipelined: every message is sent before the first ack is awaited
 * (one connection keeps their order). Only acked rows are marked published; a failed publish
 * fails the run, after the acked ones are committed, so the retry sends only the rest.
 */
async function publishBatch(sql: SqlPool, js: JetStreamClient, signingKey: SigningKey, batchSize: number): Promise<number> {
  const { claimed, failure } = await sql.transaction(async (tx) => {
    const rows = await tx.query<OutboxRow>(CLAIM, [batchSize])
    const acks = await Promise.allSettled(rows.map((row) => js.publish(row.subject, JSON.stringify(row.payload), { msgID: row.id, headers: eventHeaders(signingKey, row.payload) })))
    const ackedRows = rows.filter((_, i) => acks[i]!.status === 'fulfilled')
    const acked = ackedRows.map((row) => row.id)
    if (acked.length > 0) await tx.query(MARK_PUBLISHED, [acked])
    const now = Date.now()
    for (const row of ackedRows) publishLag.observe((now - row.created_at.getTime()) / 1000)
    published.inc(acked.length)
    return { claimed: rows.length, failure: acks.find((ack) => ack.status === 'rejected') }
  })
  if (failure) throw failure.reason
  return claimed
}
