import type { SealingKeyring, SecretBox } from '@pp/secrets'
import { findStaleCardNumbers, replaceCardNumberSeals } from '../../db/card-numbers.db.js'
import type { Sql } from '../../db/client.js'
import type { CardRecord } from '../types.js'

/** What a card number's ciphertext is bound to: its card, and the field. */
export const panBinding = (cardId: string): string => `${cardId}/pan`

/** The card's number, opened with the key its row names. */
export function openCardNumber(keyring: SealingKeyring, card: Pick<CardRecord, 'id' | 'panSealed' | 'panKeyId'>): string {
  if (card.panKeyId === null) throw new Error(`the number of ${card.id} is not re-sealed yet`)
  return Buffer.from(keyring.open(card.panSealed, card.panKeyId, panBinding(card.id))).toString('utf8')
}

const RESEAL_BATCH = 500

/**
 * Seals again, under the current key and bound to their card, the numbers a previous key sealed
 * (after a rotation) and those sealed before key ids (`legacy`: the current key, unbound). Run at
 * start, before the service answers; the update is conditional on the key id read, so replicas
 * starting together re-seal each row once. A number no configured key opens stops the start.
 */
export async function resealCardNumbers(sql: Sql, keyring: SealingKeyring, legacy: SecretBox): Promise<number> {
  let resealed = 0
  for (;;) {
    const stale = await findStaleCardNumbers(sql, keyring.currentKeyId, RESEAL_BATCH)
    if (stale.length === 0) return resealed
    const sealed = stale.map((row) => {
      const pan = row.panKeyId === null ? legacy.open(row.panSealed) : keyring.open(row.panSealed, row.panKeyId, panBinding(row.id))
      return { id: row.id, panKeyId: row.panKeyId, panSealed: keyring.seal(pan, panBinding(row.id)) }
    })
    resealed += await replaceCardNumberSeals(sql, sealed, keyring.currentKeyId)
  }
}
