import { ApiError } from '@pp/errors'
import { inTransaction } from '@pp/db'
import type { Db } from '../../db/client.js'
import { insertSigningKey, notifySigningKeysChanged, retireCurrentKey } from '../../db/signing-keys.db.js'
import { assertEnvironment, retirementOf } from './key-history.js'
import { keyInfo, type SigningKeyInfo } from './key-info.js'
import type { SigningKeys } from './signing-keys.js'

export interface RotateSigningKeyInput {
  environment: string
  /** Unset: the default overlap (a day). */
  overlapSeconds?: number
}

export interface Rotation {
  currentKey: SigningKeyInfo
  previousKey: SigningKeyInfo
}

/**
 * Replaces the environment's current key with a new one; the replaced key keeps verifying until
 * the overlap ends. The commit notifies every replica (each reloads its keys, see
 * follow-rotations.ts), and this replica has reloaded before answering, so the next attempt it
 * makes is signed with the new key.
 */
export async function rotateSigningKey(deps: { db: Db; keys: SigningKeys }, input: RotateSigningKeyInput, now = new Date()): Promise<Rotation> {
  const environment = assertEnvironment(input.environment)
  const retiresAt = retirementOf(now, input.overlapSeconds)
  const row = deps.keys.newKeyRow(environment)
  const { previous, current } = await inTransaction(deps.db, async (tx) => {
    const previous = await retireCurrentKey(tx, environment, retiresAt)
    // the current key is never missing once the service started: a concurrent rotation took it
    if (!previous) throw new ApiError('CONFLICT', `Another rotation of the ${environment} signing key committed first; list the keys before rotating again`)
    const current = await insertSigningKey(tx, row, now)
    await notifySigningKeysChanged(tx, environment)
    return { previous, current }
  })
  await deps.keys.reload()
  return { currentKey: keyInfo(current, now), previousKey: keyInfo(previous, now) }
}
