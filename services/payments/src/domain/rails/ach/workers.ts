import { startWakeLoop } from '@pp/db'
import type { PaymentsDeps } from '../../deps.js'
import type { RunningWorkers } from '../../jobs/workers.js'
import { bankFileLoops } from '../bank-files/loops.js'
import type { AchRail } from './ach-rail.js'
import { runAchCutoff } from './build-file.js'
import { fetchAchInbound } from './process-inbound.js'
import { nextSettlementDue, settleDueEntries, validateDuePrenotes } from './settle-entries.js'

/** The channel the ach_entries trigger notifies: entries were sent, so a settlement time is known. */
const SETTLEMENT_CHANNEL = 'ach_settlement'

/**
 * The ACH rail's timed work: the bank-file loops (files at ACH_CUTOFF_TIMES, returns read at
 * ACH_RETURN_FETCH_TIMES), and entries settling when the earliest is due, since the bank sends
 * nothing for an entry that went through. Replicas settle different entries (SKIP LOCKED), and a
 * prenote validated twice tells the ledger what it holds already.
 */
export function startAchWorkers(deps: PaymentsDeps, ach: AchRail, options: { databaseUrl: string; batch: number }): RunningWorkers {
  const loops = [
    ...bankFileLoops(deps, options.databaseUrl, {
      name: 'ach',
      cutoffTimes: ach.settings.cutoffTimes,
      fetchTimes: ach.settings.returnFetchTimes,
      cutoff: (at) => runAchCutoff(deps, ach, at),
      fetch: () => fetchAchInbound(deps, ach),
    }),
    startWakeLoop({
      databaseUrl: options.databaseUrl,
      logger: deps.logger,
      now: deps.now,
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
