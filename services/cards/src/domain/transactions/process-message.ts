import { findCardById } from '../../db/cards.db.js'
import type { CardsDeps } from '../deps.js'
import { tenantOf, type CardWithSources } from '../types.js'
import { actOnTransaction } from './act-on-transaction.js'
import { OPENING_KINDS, sandboxOutcomeOf, type NetworkMessage } from './message.js'
import { openTransaction } from './open-transaction.js'
import { recordOutcome } from './record.js'

/**
 * Runs a received message to its outcome. Running it again (a retry racing it, the recovery of an
 * interrupted run) calls the ledger with the same transfer ids and records nothing twice. `loaded`
 * is the card when the caller has just read it.
 */
export async function processMessage(deps: CardsDeps, message: NetworkMessage, recovering: boolean, loaded?: CardWithSources): Promise<void> {
  const origin = tenantOf(message)
  const card = loaded ?? (await findCardById(deps.sql, message.cardId))
  if (!card) return
  if (OPENING_KINDS.includes(message.kind)) return openTransaction(deps, origin, message, card, recovering)
  if (message.kind === 'BALANCE_INQUIRY') {
    // a zero-amount authorization: decisioning only, no money and no transaction
    const paused = card.card.state !== 'ACTIVE' || sandboxOutcomeOf(message.request.merchant!.descriptor) === 'DECLINE_PAUSED'
    return recordOutcome(deps.sql, origin, message.token, paused ? 'CARD_PAUSED' : 'APPROVED', undefined, deps.now())
  }
  return actOnTransaction(deps, origin, message)
}
