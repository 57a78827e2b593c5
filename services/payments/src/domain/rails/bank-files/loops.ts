import { startWakeLoop, type WakeLoop } from '@pp/db'
import type { PaymentsDeps } from '../../deps.js'
import { INBOUND_FILES_MAX } from './inbound.js'
import { nextTimeOfDay, previousTimeOfDay } from './schedule.js'

/** A bank-file rail's schedule and its two runs. */
export interface BankFileSchedule {
  /** Loop names are `<name>-cutoff` and `<name>-inbound`. */
  name: string
  cutoffTimes: readonly string[]
  fetchTimes: readonly string[]
  /** Builds and sends the file of the cut-off (and what a crash left unsent). */
  cutoff(at: Date): Promise<unknown>
  /** Reads the inbound folder; answers what it read. */
  fetch(): Promise<unknown[]>
}

/**
 * A bank-file rail's timed work, none of it polling: a file at each cut-off, the inbound folder
 * read at each fetch time. Each loop also runs once at start, so a restart sends a file a crash
 * left built and reads what arrived meanwhile; a full batch of inbound files is followed at once
 * by the next. Replicas may run the same loops: file claims are serialized and inbound files are
 * claimed once.
 */
export function bankFileLoops(deps: PaymentsDeps, databaseUrl: string, schedule: BankFileSchedule): WakeLoop[] {
  const common = { databaseUrl, logger: deps.logger, now: deps.now }
  return [
    startWakeLoop({
      ...common,
      name: `${schedule.name}-cutoff`,
      run: async () => {
        const cutoff = previousTimeOfDay(schedule.cutoffTimes, deps.now())
        if (cutoff) await schedule.cutoff(cutoff)
        return nextTimeOfDay(schedule.cutoffTimes, deps.now())
      },
    }),
    startWakeLoop({
      ...common,
      name: `${schedule.name}-inbound`,
      run: async () => {
        const read = await schedule.fetch()
        return read.length === INBOUND_FILES_MAX ? deps.now() : nextTimeOfDay(schedule.fetchTimes, deps.now())
      },
    }),
  ]
}
