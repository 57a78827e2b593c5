import type { Logger } from '@pp/logging'
import type { ExternalAccountsDeps } from './deps.js'
import { finishDueAchValidations } from './finish-ach-validations.js'

export interface AchValidationJobOptions {
  intervalMs: number
  batchMax: number
}

/**
 * Polls for US accounts whose ACH validation window has passed and records their outcome. The
 * due work lives in the database (validates_at), so a restart loses nothing; several replicas
 * share it through SKIP LOCKED. Returns the function that stops it after the current pass.
 */
export function startAchValidationJob(deps: Pick<ExternalAccountsDeps, 'db' | 'now'>, options: AchValidationJobOptions, logger: Logger): () => Promise<void> {
  let isStopping = false
  let wake: (() => void) | undefined
  const loop = (async () => {
    while (!isStopping) {
      try {
        // a full batch means more may be due: go again at once
        if ((await finishDueAchValidations(deps, options.batchMax)) === options.batchMax) continue
      } catch (err) {
        logger.error({ err }, 'finishing ACH validations failed; retrying on the next pass')
      }
      await new Promise<void>((resolve) => {
        wake = resolve
        setTimeout(resolve, options.intervalMs).unref()
      })
    }
  })()
  return async () => {
    isStopping = true
    wake?.()
    await loop
  }
}
