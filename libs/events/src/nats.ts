import { connect, type NatsConnection } from '@nats-io/transport-node'
import { jetstreamManager, RetentionPolicy, StorageType, type JetStreamManager } from '@nats-io/jetstream'
import { EVENTS_STREAM, EVENTS_SUBJECT_PREFIX } from './envelope.js'
import type { NatsClientOptions } from './nats-client.js'

export const connectNats = (url: string, name: string, client?: NatsClientOptions): Promise<NatsConnection> =>
  connect({ ...client, servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 500 })

/**
 * How much of the EVENTS stream JetStream keeps: older or more events go, oldest first, whether
 * consumed or not. A consumer stopped or behind for longer misses them, and a new durable consumer
 * that replays the stream sees only what is left, so the limits are sized for the longest outage
 * a consumer must survive.
 */
export interface StreamLimits {
  maxAgeMs: number
  maxBytes: number
}

const NANOS_PER_MS = 1_000_000

/**
 * Creates the EVENTS stream when it is missing. File storage so events survive a NATS restart;
 * the duplicate window lets a relay that crashed between publish and commit publish again safely.
 * With limits, they are set on the stream, an existing one included (a stream made before they
 * were configured, or with other values); without, an existing stream is left as it is.
 */
export async function ensureEventsStream(nc: NatsConnection, limits?: StreamLimits): Promise<JetStreamManager> {
  const jsm = await jetstreamManager(nc)
  const bounds = limits && { max_age: limits.maxAgeMs * NANOS_PER_MS, max_bytes: limits.maxBytes }
  const config = {
    name: EVENTS_STREAM,
    subjects: [`${EVENTS_SUBJECT_PREFIX}.>`],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    duplicate_window: 2 * 60 * 1_000_000_000,
    ...bounds,
  }
  try {
    await jsm.streams.info(EVENTS_STREAM)
  } catch {
    await jsm.streams.add(config).catch(async (err: unknown) => {
      // another process created it first
      await jsm.streams.info(EVENTS_STREAM).catch(() => Promise.reject(err))
    })
  }
  if (bounds) await applyLimits(jsm, bounds)
  return jsm
}

/** Updates the stream only when its limits differ: every service process applies them as it starts. */
async function applyLimits(jsm: JetStreamManager, bounds: { max_age: number; max_bytes: number }): Promise<void> {
  const { config } = await jsm.streams.info(EVENTS_STREAM)
  if (config.max_age !== bounds.max_age || config.max_bytes !== bounds.max_bytes) await jsm.streams.update(EVENTS_STREAM, bounds)
}
