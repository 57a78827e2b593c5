import type { PaymentsDeps } from '../deps.js'
import { recoverInterrupted, runDueJobs } from './due-jobs.js'
import { startLoop, type RunningLoop } from './loop.js'

export interface WorkerOptions {
  intervalMs: number
  recoveryAfterMs: number
  batch: number
}

/** The job worker and the recovery run of this process; stop() waits for both to finish their run. */
export function startWorkers(deps: PaymentsDeps, options: WorkerOptions): RunningLoop {
  const loops = [
    startLoop('payment-jobs', options.intervalMs, () => runDueJobs(deps, options.batch), deps.logger),
    startLoop('payment-recovery', options.intervalMs, () => recoverInterrupted(deps, options.recoveryAfterMs, options.batch), deps.logger),
  ]
  return { stop: async () => void (await Promise.all(loops.map((loop) => loop.stop()))) }
}
