import type { PaymentsDeps } from '../../deps.js'
import type { RunningWorkers } from '../../jobs/workers.js'
import { bankFileLoops } from '../bank-files/loops.js'
import { runSepaCutoff } from './build-file.js'
import { fetchSepaInbound } from './process-inbound.js'
import type { SepaRail } from './sepa-rail.js'

/**
 * The SEPA rail's timed work: a pain.001 file at each of SEPA_CUTOFF_TIMES, the inbound folder
 * read at SEPA_FETCH_TIMES. Settlement needs no loop of its own: the bank's debit notifications
 * settle the payouts.
 */
export function startSepaWorkers(deps: PaymentsDeps, sepa: SepaRail, options: { databaseUrl: string }): RunningWorkers {
  const loops = bankFileLoops(deps, options.databaseUrl, {
    name: 'sepa',
    cutoffTimes: sepa.settings.cutoffTimes,
    fetchTimes: sepa.settings.fetchTimes,
    cutoff: (at) => runSepaCutoff(deps, sepa, at),
    fetch: () => fetchSepaInbound(deps, sepa),
  })
  return { stop: async () => void (await Promise.all(loops.map((loop) => loop.stop()))) }
}
