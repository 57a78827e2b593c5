import { connect, type NatsConnection } from '@nats-io/transport-node'
import { jetstreamManager, RetentionPolicy, StorageType, type JetStreamManager } from '@nats-io/jetstream'
import { EVENTS_STREAM, EVENTS_SUBJECT_PREFIX } from './envelope.js'

export const connectNats = (url: string, name: string): Promise<NatsConnection> =>
  connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 500 })

/**
 * Creates the EVENTS stream when it is missing. File storage so events survive a NATS restart;
 * the duplicate window lets a relay that crashed between publish and commit publish again safely.
 */
export async function ensureEventsStream(nc: NatsConnection): Promise<JetStreamManager> {
  const jsm = await jetstreamManager(nc)
  const config = {
    name: EVENTS_STREAM,
    subjects: [`${EVENTS_SUBJECT_PREFIX}.>`],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    duplicate_window: 2 * 60 * 1_000_000_000,
  }
  try {
    await jsm.streams.info(EVENTS_STREAM)
  } catch {
    await jsm.streams.add(config).catch(async (err: unknown) => {
      // another process created it first
      await jsm.streams.info(EVENTS_STREAM).catch(() => Promise.reject(err))
    })
  }
  return jsm
}
