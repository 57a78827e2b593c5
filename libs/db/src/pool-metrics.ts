import type pg from 'pg'
import { gauge } from '@pp/metrics'

const pools = new Map<pg.Pool, string>()

/** Read at scrape time from the pools themselves: no bookkeeping on the query path. */
gauge('db_pool_connections', 'Database pool connections, by pool and state (idle, busy, waiting requests)', ['pool', 'state'], function collect() {
  this.reset()
  for (const [pool, name] of pools) {
    if (pool.ended) {
      pools.delete(pool)
      continue
    }
    this.set({ pool: name, state: 'idle' }, pool.idleCount)
    this.set({ pool: name, state: 'busy' }, pool.totalCount - pool.idleCount)
    this.set({ pool: name, state: 'waiting' }, pool.waitingCount)
  }
})

/** Reports `pool` under `name` until it ends. */
export function watchPool(pool: pg.Pool, name: string): void {
  pools.set(pool, name)
}
