import type { Db, Tx } from './client.js'
import type { OtpChallenge } from './generated/client.js'

export interface NewOtpChallenge {
  id: string
  authMethodId: string
  /** Sealed at rest. */
  targetPrivateKey: Uint8Array<ArrayBuffer>
  codeDigest: string
  expiresAt: Date
  createdAt: Date
}

export async function insertOtpChallenge(tx: Tx, challenge: NewOtpChallenge): Promise<void> {
  await tx.otpChallenge.create({ data: challenge })
}

/** The credential's newest challenge neither used nor expired at `now`: the one the client's code answers. */
export async function findLatestLiveOtpChallenge(db: Db, authMethodId: string, now: Date): Promise<OtpChallenge | undefined> {
  const challenge = await db.otpChallenge.findFirst({
    where: { authMethodId, usedAt: null, expiresAt: { gt: now } },
    orderBy: { createdAt: 'desc' },
  })
  return challenge ?? undefined
}

/** Marks the challenge used unless it already is: false when another attempt used it first. */
export async function useOtpChallenge(db: Db, id: string, usedAt: Date): Promise<boolean> {
  const { count } = await db.otpChallenge.updateMany({ where: { id, usedAt: null }, data: { usedAt } })
  return count > 0
}

/** Counts one more wrong code against the challenge (atomically); answers the new count. */
export async function incrementFailedOtpAttempts(db: Db, id: string): Promise<number> {
  const { failedAttempts } = await db.otpChallenge.update({ where: { id }, data: { failedAttempts: { increment: 1 } } })
  return failedAttempts
}
