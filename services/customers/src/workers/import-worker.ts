import type { Logger } from '@pp/logging'
import { processImportBatch, type ImportSettings } from '../domain/bulk-import/process-import.js'
import type { CustomersDeps } from '../domain/deps.js'

export interface ImportWorkerSettings extends ImportSettings {
  pollIntervalMs: number
}

export interface RunningWorker {
  /** Finishes the batch in hand, then stops. */
  stop(): Promise<void>
}

/**
 * Runs queued bulk imports one batch at a time, back to back while there is work and every
 * `pollIntervalMs` otherwise. The jobs are rows: a restarted service picks up where it stopped.
 */
export function startImportWorker(deps: CustomersDeps, settings: ImportWorkerSettings, logger: Logger): RunningWorker {
  let isRunning = true
  let wake: (() => void) | undefined
  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, settings.pollIntervalMs)
      wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })
  const loop = (async () => {
    while (isRunning) {
      const hadWork = await processImportBatch(deps, settings).catch((err: unknown) => {
        logger.error({ err }, 'bulk import batch failed; retrying after the poll interval')
        return false
      })
      if (!hadWork && isRunning) await pause()
    }
  })()
  return {
    async stop() {
      isRunning = false
      wake?.()
      await loop
    },
  }
}
