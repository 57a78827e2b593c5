import { connect, type NatsConnection } from '@nats-io/transport-node'
import type { Logger } from '@pp/logging'
import type { NatsClientOptions } from './nats-client.js'
import { redactedNatsUrl } from './nats-url.js'

/** Something started on a NATS connection (a durable consumer, the outbox relay, a subscription). */
export interface Attachment {
  stop(): Promise<void>
}

/**
 * A process's NATS connection that does not make the process wait for NATS: it connects in the
 * background (and for ever after a loss), reports whether NATS serves now, and starts what needs
 * NATS once it does. Its `name`, `serving` and `onChange` are what the gRPC server's health service
 * reads (a dependency check named `nats`).
 */
export interface NatsLink {
  readonly name: 'nats'
  /** Whether NATS answers now and `prepare` succeeded on this connection. */
  serving(): boolean
  /** Calls `listener` on every change of `serving()`. */
  onChange(listener: (serving: boolean) => void): void
  /**
   * Runs `attach` once NATS serves (at once when it already does). When it fails, it runs again
   * on the next retry or reconnect. Stopping the answer stops what `attach` started, or the wait.
   */
  whenServing(what: string, attach: (nats: NatsConnection) => Promise<Attachment>): Attachment
  /** Stops retrying and drains the connection (what was attached must be stopped first). */
  close(): Promise<void>
}

export interface NatsLinkOptions {
  url: string
  /** The connection's name on the server (the service's name). */
  name: string
  /** Its user and TLS (`natsClientOptionsOf`); none on a development NATS without users. */
  client?: NatsClientOptions
  logger: Logger
  /** Runs on every (re)connection before it counts as serving (the EVENTS stream's creation). */
  prepare?(nats: NatsConnection): Promise<unknown>
}

// how long NATS may take to answer at start before the process says it runs without it
const FIRST_CONNECT_GRACE_MS = 2_000
const RETRY_DELAY_MS_MAX = 5_000

interface Pending {
  what: string
  attach(nats: NatsConnection): Promise<Attachment>
  started?: Attachment
  stopped: boolean
}

/**
 * Connects with nats.js's own retry (`waitOnFirstConnect`, unlimited reconnects) rather than
 * failing the process: a service serves its API while NATS is down, its events wait in its
 * outbox, and its consumers attach when NATS answers. A failed `prepare` or attachment while
 * connected (a JetStream API timeout) is retried with a growing delay; a disconnect waits for
 * the reconnect, which nats.js reports.
 */
export function linkNats(options: NatsLinkOptions): NatsLink {
  const { logger } = options
  // what every log line names: never the credentials the URL may carry
  const url = redactedNatsUrl(options.url)
  const listeners = new Set<(serving: boolean) => void>()
  const pending = new Set<Pending>()
  let connection: NatsConnection | undefined
  let isServing = false
  // connected is nats.js's view; serving also needs `prepare` and the attachments done
  let isConnected = false
  let closed = false
  let failures = 0
  let retryTimer: NodeJS.Timeout | undefined
  let settling: Promise<void> = Promise.resolve()

  const setServing = (serving: boolean): void => {
    if (serving === isServing) return
    isServing = serving
    for (const listener of listeners) listener(serving)
  }

  // while disconnected there is nothing to retry: the reconnect settles again
  const retryLater = (): void => {
    failures += 1
    clearTimeout(retryTimer)
    if (!isConnected) return
    retryTimer = setTimeout(settle, Math.min(RETRY_DELAY_MS_MAX, 100 * 2 ** Math.min(failures, 10)))
    retryTimer.unref()
  }

  /** Prepares the connection, then starts whatever still waits for it; one run at a time. */
  function settle(): void {
    settling = settling.then(async () => {
      const nats = connection
      if (closed || !nats || nats.isClosed()) return
      try {
        if (!isServing) await options.prepare?.(nats)
        for (const item of pending) {
          if (item.started || item.stopped) continue
          item.started = await item.attach(nats).catch((err: unknown) => {
            throw new Error(`starting the ${item.what} on NATS failed`, { cause: err })
          })
        }
        failures = 0
        if (!isServing) logger.info({ url }, 'NATS serves')
        setServing(true)
      } catch (err) {
        logger.error({ err, url }, 'NATS answers but getting ready on it failed; retrying')
        retryLater()
      }
    })
  }

  const waitingNotice = setTimeout(
    () => logger.warn({ url }, 'NATS does not answer; serving without it: events wait in the outbox and consumers start when it answers'),
    FIRST_CONNECT_GRACE_MS,
  )
  waitingNotice.unref()

  const watch = async (nats: NatsConnection): Promise<void> => {
    for await (const status of nats.status()) {
      if (status.type === 'disconnect') {
        logger.warn({ url }, 'NATS connection lost; reconnecting')
        isConnected = false
        clearTimeout(retryTimer)
        setServing(false)
      } else if (status.type === 'reconnect') {
        logger.info({ url }, 'NATS reconnected')
        isConnected = true
        settle()
      }
    }
  }

  connect({ ...options.client, servers: options.url, name: options.name, waitOnFirstConnect: true, maxReconnectAttempts: -1, reconnectTimeWait: 500 }).then(
    (nats) => {
      clearTimeout(waitingNotice)
      if (closed) return void nats.close()
      connection = nats
      isConnected = true
      void watch(nats)
      settle()
    },
    // only what retrying cannot fix (a refused authorization) ends the connecting
    (err: unknown) => logger.fatal({ err, url }, 'NATS refused the connection for good; running without events'),
  )

  return {
    name: 'nats',
    serving: () => isServing,
    onChange: (listener) => void listeners.add(listener),
    whenServing(what, attach) {
      const item: Pending = { what, attach, stopped: false }
      pending.add(item)
      if (isServing) settle()
      return {
        async stop() {
          item.stopped = true
          await settling
          pending.delete(item)
          await item.started?.stop()
        },
      }
    },
    async close() {
      closed = true
      clearTimeout(waitingNotice)
      clearTimeout(retryTimer)
      await settling
      if (connection && !connection.isClosed()) await connection.drain()
    },
  }
}
