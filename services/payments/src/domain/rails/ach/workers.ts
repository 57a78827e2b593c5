import { startWakeLoop } from '@pp/db'
import type { PaymentsDeps } from '../../deps.js'
import type { RunningWorkers } from '../../jobs/workers.js'
import type { AchRail } from './ach-rail.js'
import { runAchCutoff } from './build-file.js'
import { fetchAchInbound, INBOUND_FILES_MAX } from './process-inbound.js'
import { nextTimeOfDay, previousTimeOfDay } from './schedule.js'
import { nextSettlementDue, settleDueEntries, validateDuePrenotes } from './settle-entries.js'

/** The channel the ach_entries trigger notifies: entries were sent, so a settlement time is known. */
const SETTLEMENT_CHANNEL = 'ach_settlement'

/**
 * The ACH rail's timed work, none of it polling: files are built and sent at each cut-off
 * (ACH_CUTOFF_TIMES), the inbound folder is read at ACH_RETURN_FETCH_TIMES, and entries settle
 * when the earliest is due. Each loop also runs once at start, so a restart sends a file a crash
 * left built and reads what arrived meanwhile. Replicas may run the same loop: the file claim is
 * serialized, inbound files are claimed once, entries are settled with SKIP LOCKED, and a prenote
 * validated twice tells the ledger what it holds already.
 */
export function startAchWorkers(deps: PaymentsDeps, ach: AchRail, options: { databaseUrl: string; batch: number }): RunningWorkers {
  const common = { databaseUrl: options.databaseUrl, logger: deps.logger, now: deps.now }
  const loops = [
    startWakeLoop({
      ...common,
      name: 'ach-cutoff',
      run: async () => {
        const cutoff = previousTimeOfDay(ach.settings.cutoffTimes, deps.now())
        if (cutoff) await runAchCutoff(deps, ach, cutoff)
        return nextTimeOfDay(ach.settings.cutoffTimes, deps.now())
      },
    }),
    startWakeLoop({
      ...common,
      name: 'ach-inbound',
      run: async () => {
        const read = await fetchAchInbound(deps, ach)
        return read.length === INBOUND_FILES_MAX ? deps.now() : nextTimeOfDay(ach.settings.returnFetchTimes, deps.now())
      },
    }),
    startWakeLoop({
      ...common,
      name: 'ach-settlement',
      channel: SETTLEMENT_CHANNEL,
      run: async () => {
        const settled = await settleDueEntries(deps, options.batch)
        const validated = await validateDuePrenotes(deps, options.batch)
        return settled === options.batch || validated === options.batch ? deps.now() : nextSettlementDue(deps)
      },
    }),
  ]
  return { stop: async () => void (await Promise.all(loops.map((loop) => loop.stop()))) }
}
