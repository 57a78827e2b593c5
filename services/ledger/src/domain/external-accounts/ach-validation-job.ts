import { startWakeLoop } from '@pp/db'
import type { Logger } from '@pp/logging'
import { findNextAchValidationEnd } from '../../db/external-accounts.db.js'
import type { ExternalAccountsDeps } from './deps.js'
import { finishDueAchValidations } from './finish-ach-validations.js'

/** The channel an account entering ACH validation notifies (a trigger of the ledger migrations). */
const ACH_VALIDATIONS_CHANNEL = 'ach_validations'

export interface AchValidationJobOptions {
  /** The ledger database, listened to for accounts entering validation. */
  databaseUrl: string
  batchMax: number
}

type JobDeps = Pick<ExternalAccountsDeps, 'db' | 'now' | 'sealing'>

/**
 * Records the outcome of US accounts whose ACH validation window has passed. It never polls: it
 * wakes when an account enters validation and when the earliest window closes. The due work lives
 * in the database (validates_at), so a restart loses nothing; several replicas share it through
 * SKIP LOCKED. Returns the function that stops it after the current pass.
 */
export function startAchValidationJob(deps: JobDeps, options: AchValidationJobOptions, logger: Logger): () => Promise<void> {
  const loop = startWakeLoop({
    name: 'ach-validations',
    databaseUrl: options.databaseUrl,
    channel: ACH_VALIDATIONS_CHANNEL,
    logger,
    now: deps.now,
    // a full batch means more may be due: go again at once
    run: async () => ((await finishDueAchValidations(deps, options.batchMax, logger)) === options.batchMax ? deps.now() : findNextAchValidationEnd(deps.db)),
  })
  return () => loop.stop()
}
