import { open, type Db, type Tx } from './client.js'

export interface NewOtpChallenge {
  id: string
  authMethodId: string
  /** Sealed at rest, under the key sealingKeyId names. */
  targetPrivateKey: Uint8Array<ArrayBuffer>
  sealingKeyId: string
  codeDigest: string
  expiresAt: Date
  createdAt: Date
}

export async function insertOtpChallenge(tx: Tx, challenge: NewOtpChallenge): Promise<void> {
  await open(tx).otpChallenge.create({ data: challenge })
}

/**
 * How many challenges the credential was issued since `since`, and the oldest one's time. The
 * credential's row is locked first, so of two challenges issued at once the second counts the first.
 */
export async function countOtpChallengesSince(tx: Tx, authMethodId: string, since: Date): Promise<{ count: number; oldestAt?: Date }> {
  await open(tx).$queryRaw`SELECT "id" FROM "auth_methods" WHERE "id" = ${authMethodId} FOR UPDATE`
  const [row] = await open(tx).$queryRaw<{ count: number; oldest_at: Date | null }[]>`
    SELECT count(*)::int AS "count", min("created_at") AS "oldest_at" FROM "otp_challenges"
     WHERE "auth_method_id" = ${authMethodId} AND "created_at" > ${since}`
  return { count: row?.count ?? 0, oldestAt: row?.oldest_at ?? undefined }
}

/** A challenge as an attempt at it sees it, the attempt already counted. */
export interface OtpAttempt {
  id: string
  targetPrivateKey: Uint8Array
  sealingKeyId: string | null
  codeDigest: string
}

/**
 * Takes one attempt at the credential's newest challenge neither used nor expired at `now` (the one
 * the client's code answers), in one statement: the count moves only while it is below
 * `attemptsMax`, re-checked on the row under its lock, so of any number of attempts at once at most
 * `attemptsMax` get the challenge to compare a code with. 'NONE' without a live challenge,
 * 'LOCKED' when its attempts are used up (an older challenge is never tried instead).
 */
export async function takeOtpAttempt(db: Db, authMethodId: string, now: Date, attemptsMax: number): Promise<OtpAttempt | 'NONE' | 'LOCKED'> {
  const rows = await open(db).$queryRaw<{ id: string | null; target_private_key: Uint8Array | null; sealing_key_id: string | null; code_digest: string | null }[]>`
    WITH "latest" AS (
      SELECT "id" FROM "otp_challenges"
       WHERE "auth_method_id" = ${authMethodId} AND "used_at" IS NULL AND "expires_at" > ${now}
       ORDER BY "created_at" DESC, "id" DESC LIMIT 1
    ), "taken" AS (
      UPDATE "otp_challenges" AS c SET "attempts" = c."attempts" + 1
        FROM "latest"
       WHERE c."id" = "latest"."id" AND c."attempts" < ${attemptsMax} AND c."used_at" IS NULL
      RETURNING c."id", c."target_private_key", c."sealing_key_id", c."code_digest"
    )
    SELECT "taken".* FROM "latest" LEFT JOIN "taken" ON "taken"."id" = "latest"."id"`
  const [row] = rows
  if (row === undefined) return 'NONE'
  if (row.id === null) return 'LOCKED'
  return { id: row.id, targetPrivateKey: row.target_private_key!, sealingKeyId: row.sealing_key_id, codeDigest: row.code_digest! }
}

/** Marks the challenge used unless it already is: false when another attempt used it first. */
export async function useOtpChallenge(db: Db, id: string, usedAt: Date): Promise<boolean> {
  const { count } = await open(db).otpChallenge.updateMany({ where: { id, usedAt: null }, data: { usedAt } })
  return count > 0
}
