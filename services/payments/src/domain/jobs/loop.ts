import type { Logger } from '@pp/logging'

export interface RunningLoop {
  /** Stops polling and waits for the run in progress, so nothing is left half done by the stop itself. */
  stop(): Promise<void>
}

/**
 * Runs `work` every `intervalMs`, one run at a time; a failing run is logged and the next one
 * tries again. The state lives in the database, so a new loop (after a restart, or in another
 * replica) picks up whatever this one left.
 */
export function startLoop(name: string, intervalMs: number, work: () => Promise<unknown>, logger: Logger): RunningLoop {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()
  const tick = (): void => {
    running = work()
      .then(() => undefined)
      .catch((err: unknown) => logger.error({ err, loop: name }, 'background run failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs)
      })
  }
  timer = setTimeout(tick, 0)
  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
