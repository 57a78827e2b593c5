import { open, type Db, type Tx } from './client.js'

/** A production US account awaiting its prenote (the ledger's ACH_VALIDATION_REQUESTED fact). */
export interface PrenoteRequest {
  externalAccountId: string
  platformId: string
  environment: string
  requestedAt: Date
}

/**
 * Keeps a request until a file takes it. A redelivered fact, or one for an account whose prenote
 * went out already, changes nothing.
 */
export async function insertPrenoteRequest(db: Db, request: PrenoteRequest): Promise<void> {
  await open(db).$executeRaw`
    INSERT INTO "ach_prenote_requests" ("external_account_id", "platform_id", "environment", "requested_at")
    SELECT ${request.externalAccountId}, ${request.platformId}, ${request.environment}, ${request.requestedAt}
     WHERE NOT EXISTS (SELECT 1 FROM "ach_entries" WHERE "kind" = 'PRENOTE' AND "external_account_id" = ${request.externalAccountId})
    ON CONFLICT ("external_account_id") DO NOTHING`
}

/** Up to `limit` requests, oldest first. */
export const findPrenoteRequests = (db: Db, limit: number): Promise<PrenoteRequest[]> =>
  open(db).achPrenoteRequest.findMany({ orderBy: { requestedAt: 'asc' }, take: limit })

/**
 * Takes the requests of `accountIds` still waiting, in the file's transaction (whose builder holds
 * the build lock): they leave the queue as their entries are recorded. Answers the accounts taken.
 */
export async function takePrenoteRequests(tx: Tx, accountIds: string[]): Promise<Set<string>> {
  const rows = await open(tx).$queryRaw<Array<{ external_account_id: string }>>`
    DELETE FROM "ach_prenote_requests" WHERE "external_account_id" = ANY(${accountIds}) RETURNING "external_account_id"`
  return new Set(rows.map((row) => row.external_account_id))
}

/** Drops a request the ledger refuses for good (the account was deleted, or is no US bank account). */
export async function dropPrenoteRequest(db: Db, externalAccountId: string): Promise<void> {
  await open(db).achPrenoteRequest.deleteMany({ where: { externalAccountId } })
}

/** A prenote sent, whose account the ledger must now be told about. */
export interface SentPrenote {
  id: string
  externalAccountId: string
  platformId: string
  environment: string
}

const SENT_PRENOTE = { id: true, externalAccountId: true, platformId: true, environment: true } as const

/** Up to `limit` prenotes whose waiting period ended with no return, oldest first. */
export const findDuePrenotes = (db: Db, now: Date, limit: number): Promise<SentPrenote[]> =>
  open(db).achEntry.findMany({
    where: { kind: 'PRENOTE', status: 'SUBMITTED', settlesAt: { lte: now } },
    orderBy: { settlesAt: 'asc' },
    take: limit,
    select: SENT_PRENOTE,
  })

/** The prenotes not yet returned among the entries `traceNumbers` name, by trace number: one statement for a file's returns. */
export async function findUnreturnedPrenotes(db: Db, traceNumbers: string[]): Promise<Map<string, SentPrenote>> {
  const rows = await open(db).achEntry.findMany({
    where: { kind: 'PRENOTE', traceNumber: { in: traceNumbers }, status: { not: 'RETURNED' } },
    select: { ...SENT_PRENOTE, traceNumber: true },
  })
  return new Map(rows.map(({ traceNumber, ...prenote }) => [traceNumber, prenote]))
}

/** A prenote the ledger was told validated; one a return reached meanwhile stays RETURNED. */
export async function markPrenoteValidated(db: Db, id: string, now: Date): Promise<void> {
  await open(db).achEntry.updateMany({ where: { id, status: 'SUBMITTED' }, data: { status: 'SETTLED', updatedAt: now } })
}
