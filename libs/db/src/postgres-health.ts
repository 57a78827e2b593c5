import pg from 'pg'

/** A service's own Postgres as its health service reports it (`DependencyCheck` of @pp/grpc). */
export interface PostgresHealth {
  readonly name: 'postgres'
  serving(): boolean
  onChange(listener: (serving: boolean) => void): void
  /** Asks the server now (`SELECT 1`), unless an answer under a second old says already. */
  probe(): Promise<void>
  close(): Promise<void>
}

const PROBE_TIMEOUT_MS = 1_000
/** Probes arrive every few seconds per probing kubelet or balancer; several at once share one answer. */
const ANSWER_REUSE_MS = 1_000
/** Longer than a probe period, so a probed process keeps its one connection and an idle one keeps none. */
const IDLE_CONNECTION_MS = 30_000

/**
 * Whether the service's database answers, known only when a health check asks: one pooled
 * connection of its own (so a pool exhausted by load does not read as an outage), closed when
 * nobody has asked for a while, and no statement on a timer.
 */
export function postgresHealth(databaseUrl: string): PostgresHealth {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 1,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    connectionTimeoutMillis: PROBE_TIMEOUT_MS,
    query_timeout: PROBE_TIMEOUT_MS,
    allowExitOnIdle: true,
  })
  // a pooled connection cut while idle (Postgres restarting) is dropped; the next probe tells
  pool.on('error', () => undefined)
  const listeners = new Set<(serving: boolean) => void>()
  let isServing = true
  let answeredAt = 0
  let inFlight: Promise<void> | undefined

  const settle = (serving: boolean): void => {
    answeredAt = Date.now()
    if (serving === isServing) return
    isServing = serving
    for (const listener of listeners) listener(serving)
  }
  const ask = async (): Promise<void> => {
    try {
      await pool.query('SELECT 1')
      settle(true)
    } catch {
      settle(false)
    } finally {
      inFlight = undefined
    }
  }

  return {
    name: 'postgres',
    serving: () => isServing,
    onChange: (listener) => void listeners.add(listener),
    probe() {
      if (Date.now() - answeredAt < ANSWER_REUSE_MS) return Promise.resolve()
      inFlight ??= ask()
      return inFlight
    },
    close: () => pool.end(),
  }
}
