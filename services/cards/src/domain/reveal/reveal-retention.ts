import type { PruneRule } from '@pp/db'

/** An opened reveal link's row only matters until the link expires: then no one can open it anyway. */
export const expiredReveals: PruneRule = {
  name: 'expiredReveals',
  table: 'card_reveals',
  since: 'expires_at',
  keepMs: 10 * 60_000,
}
