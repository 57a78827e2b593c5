import type { StoredPasskeyChallenge } from '../domain/passkey/types.js'
import { open, type Db, type Tx } from './client.js'

export type NewPasskeyChallenge = Omit<StoredPasskeyChallenge, 'usedAt'>

export async function insertPasskeyChallenge(db: Db, challenge: NewPasskeyChallenge): Promise<void> {
  await open(db).passkeyChallenge.create({ data: challenge })
}

/** The credential's challenge `id`, unless used or expired at `now`. */
export async function findPendingPasskeyChallenge(db: Db, authMethodId: string, id: string, now: Date): Promise<StoredPasskeyChallenge | undefined> {
  return (await open(db).passkeyChallenge.findFirst({ where: { id, authMethodId, usedAt: null, expiresAt: { gt: now } } })) ?? undefined
}

/** Marks the challenge used unless it already is: false when another verification claimed it first. */
export async function claimPasskeyChallenge(tx: Tx, id: string, usedAt: Date): Promise<boolean> {
  const { count } = await open(tx).passkeyChallenge.updateMany({ where: { id, usedAt: null }, data: { usedAt } })
  return count > 0
}
