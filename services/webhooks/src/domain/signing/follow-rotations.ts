import { startWakeLoop, type WakeLoop } from '@pp/db'
import type { Logger } from '@pp/logging'
import { SIGNING_KEYS_CHANNEL } from '../../db/signing-keys.db.js'
import type { SigningKeys } from './signing-keys.js'

/**
 * Reloads the keys whenever a rotation commits, in whichever replica it ran: its NOTIFY wakes
 * every replica's listener, and a listener that lost its connection reloads once reconnected, so
 * a rotation missed meanwhile is picked up then. Nothing is read while no rotation happens.
 */
export function followKeyRotations(keys: SigningKeys, databaseUrl: string, logger: Logger): WakeLoop {
  return startWakeLoop({
    name: 'signing-key-rotations',
    databaseUrl,
    channel: SIGNING_KEYS_CHANNEL,
    logger,
    async run() {
      await keys.reload()
      return undefined
    },
  })
}
