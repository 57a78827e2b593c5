import { startWakeLoop } from '@pp/db'
import type { PaymentsDeps } from '../deps.js'
import { nextRecoveryDue, paymentJobRunner, recoverInterrupted } from './due-jobs.js'

/** The channel the payments migrations' trigger notifies when a transaction comes to owe a ledger step. */
const RECOVERY_CHANNEL = 'payment_recovery'

export interface WorkerOptions {
  /** The payments database, listened to for new work. */
  databaseUrl: string
  recoveryAfterMs: number
  batch: number
}

export interface RunningWorkers {
  /** Stops waking and waits for the runs in progress, so nothing is left half done by the stop itself. */
  stop(): Promise<void>
}

/**
 * The job runner and the recovery run of this process. Neither polls: the job runner wakes when a
 * job is inserted and when the earliest pending one falls due; the recovery run wakes
 * `recoveryAfterMs` after a transaction comes to owe a ledger step, and when the oldest one that
 * still owes it becomes a recovery case. Both run once at start, so a restart or another replica
 * finishes what a crashed process left.
 */
export function startWorkers(deps: PaymentsDeps, options: WorkerOptions): RunningWorkers {
  const { batch, recoveryAfterMs } = options
  const common = { databaseUrl: options.databaseUrl, logger: deps.logger, now: deps.now }
  const loops = [
    paymentJobRunner(deps, options.databaseUrl, batch).start(),
    startWakeLoop({
      ...common,
      name: 'payment-recovery',
      channel: RECOVERY_CHANNEL,
      notifiedWorkDueAfterMs: recoveryAfterMs,
      run: async () => {
        const { driven, failed } = await recoverInterrupted(deps, recoveryAfterMs, batch)
        // still owed: the loop retries with a growing delay instead of at once
        if (failed > 0) throw new Error(`${failed} interrupted transactions still owe their ledger step`)
        return driven === batch ? deps.now() : nextRecoveryDue(deps, recoveryAfterMs)
      },
    }),
  ]
  return { stop: async () => void (await Promise.all(loops.map((loop) => loop.stop()))) }
}
