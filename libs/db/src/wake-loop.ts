import type { Logger } from '@pp/logging'
import pg from 'pg'

export interface WakeLoopOptions {
  name: string
  databaseUrl: string
  /**
   * The NOTIFY channel that says new work may be due now. Without one only the due times that
   * `run` answers (and `wake`) run it, the first time at start: for work whose due time the data
   * always tells, such as rows that go with age.
   */
  channel?: string
  logger: Logger
  /**
   * Does what is due and answers when the next known work falls due (undefined: none is known,
   * so only a notification wakes the loop). Runs one at a time.
   */
  run(): Promise<Date | undefined>
  /**
   * Set when a notification means "work falls due this long from now" rather than "now": it only
   * arms the timer (no statement), unless an earlier run is already armed.
   */
  notifiedWorkDueAfterMs?: number
  /**
   * Set when a notification's payload tells when its work falls due: it only arms the timer (no
   * statement), unless an earlier run is already armed. A payload it cannot read (undefined)
   * falls back to `notifiedWorkDueAfterMs`, else wakes the loop.
   */
  notifiedDueAt?(payload: string): Date | undefined
  /**
   * Whether a notification, by its payload, may give this process work it can start now; every
   * one may by default. Work it cannot start now must be started by a run that is bound to come
   * anyway (the loop's own, after work of this process in flight).
   */
  mayHaveWork?(payload: string): boolean
  /** The clock the due times of `run` are read on (a test's clock); the real one by default. */
  now?: () => Date
  /** The longest wait after a failed run before the next try. */
  retryDelayMsMax?: number
}

export interface WakeLoop {
  /** Asks for a run now, as a notification would (a process that wrote work itself need not wait). */
  wake(): void
  /** Stops waking and waits for the run in progress. */
  stop(): Promise<void>
}

const RECONNECT_DELAY_MS = 1_000
// a timer longer than ~24.8 days overflows; a shorter one re-arms on the way
const TIMER_MS_MAX = 2 ** 31 - 1

/**
 * Runs `run` when a NOTIFY arrives on `channel` or when the work it reported next falls due, and
 * never otherwise: an idle service issues no statement. The state is in the database, so a run
 * after a lost connection (a reconnect always runs once) or in another replica picks up anything
 * missed. Notifications that arrive during a run collapse into one more run.
 */
export function startWakeLoop(options: WakeLoopOptions): WakeLoop {
  const { logger, name, retryDelayMsMax = 5_000, now = () => new Date() } = options
  let stopped = false
  let running = false
  let again = false
  let failures = 0
  let timer: NodeJS.Timeout | undefined
  let timerAt: number | undefined
  // due times notified while a run was in progress: its answer may predate them
  let notedDuringRun: number | undefined
  let current: Promise<void> = Promise.resolve()
  let listener: pg.Client | undefined
  let reconnectTimer: NodeJS.Timeout | undefined

  const schedule = (at: number | undefined): void => {
    clearTimeout(timer)
    timer = undefined
    timerAt = at
    if (stopped || at === undefined) return
    timer = setTimeout(wake, Math.min(Math.max(0, at - now().getTime()), TIMER_MS_MAX))
  }
  const earliest = (a: number | undefined, b: number | undefined): number | undefined =>
    a === undefined ? b : b === undefined ? a : Math.min(a, b)

  function wake(): void {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = true
    timerAt = undefined
    current = options
      .run()
      .then((next) => {
        failures = 0
        schedule(earliest(next?.getTime(), notedDuringRun))
      })
      .catch((err: unknown) => {
        failures += 1
        logger.error({ err, loop: name, failures }, 'background run failed; retrying')
        schedule(now().getTime() + Math.min(retryDelayMsMax, 100 * 2 ** Math.min(failures, 10)))
      })
      .finally(() => {
        running = false
        notedDuringRun = undefined
        if (again && !stopped) {
          again = false
          wake()
        }
      })
  }

  const onNotification = ({ payload = '' }: pg.Notification): void => {
    if (options.mayHaveWork && !options.mayHaveWork(payload)) return
    const due = options.notifiedDueAt?.(payload)?.getTime() ?? (options.notifiedWorkDueAfterMs === undefined ? undefined : now().getTime() + options.notifiedWorkDueAfterMs)
    if (due === undefined) return wake()
    if (running) notedDuringRun = earliest(notedDuringRun, due)
    else if (timerAt === undefined || due < timerAt) schedule(due)
  }

  const dropListener = (client: pg.Client, channel: string, err: unknown): void => {
    if (listener !== client) return // stopped, or already replaced
    listener = undefined
    void client.end().catch(() => undefined)
    logger.warn({ err, loop: name }, 'notification connection lost; reconnecting')
    reconnectTimer = setTimeout(() => void listen(channel), RECONNECT_DELAY_MS)
    reconnectTimer.unref()
  }

  async function listen(channel: string): Promise<void> {
    if (stopped) return
    const client = new pg.Client({ connectionString: options.databaseUrl })
    listener = client
    client.on('notification', onNotification)
    client.on('error', (err) => dropListener(client, channel, err))
    try {
      await client.connect()
      await client.query(`LISTEN "${channel}"`)
    } catch (err) {
      return dropListener(client, channel, err)
    }
    wake() // whatever was written while nobody listened
  }
  if (options.channel === undefined) wake()
  else void listen(options.channel)

  return {
    wake,
    async stop() {
      stopped = true
      clearTimeout(timer)
      clearTimeout(reconnectTimer)
      const client = listener
      listener = undefined
      await current
      await client?.end().catch(() => undefined)
    },
  }
}
