import { ApiError, invalidInput } from './api-error.js'

/**
 * Postgres's answers to text it cannot hold: a NUL byte (22021, character_not_in_repertoire) and
 * a `\u0000` escape in JSON (22P05, untranslatable_character). The text came from the caller.
 */
const UNSTORABLE_TEXT_STATES = new Set(['22021', '22P05'])

/** How far into an error's causes the database's own error is looked for (Prisma wraps it twice). */
const CAUSE_DEPTH_MAX = 4

/**
 * Whether `err`, or an error it wraps (Prisma wraps the driver's twice), satisfies `matches`: the
 * fields a database error is told by are read at every level.
 */
function anyDatabaseCause(err: unknown, matches: (fields: Record<string, unknown>) => boolean): boolean {
  const pending: Array<[unknown, number]> = [[err, 0]]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [candidate, depth] = next
    if (typeof candidate !== 'object' || candidate === null) continue
    const fields = candidate as Record<string, unknown>
    if (matches(fields)) return true
    if (depth < CAUSE_DEPTH_MAX) for (const inner of [fields.cause, fields.meta, fields.driverAdapterError]) pending.push([inner, depth + 1])
  }
  return false
}

/**
 * 400 INVALID_INPUT when Postgres refused text the caller sent, as the driver's error or wrapped
 * by Prisma; `undefined` for any other failure. A service that stores client text answers its
 * caller's mistake as such instead of as an internal error, without echoing the database's words.
 */
export function unstorableTextError(err: unknown): ApiError | undefined {
  const isUnstorable = anyDatabaseCause(err, ({ code, originalCode }) => UNSTORABLE_TEXT_STATES.has(String(code)) || UNSTORABLE_TEXT_STATES.has(String(originalCode)))
  return isUnstorable ? invalidInput([{ field: 'request', message: 'Contains a NUL character, which text cannot hold' }]) : undefined
}

/**
 * Errors that say the database does not take connections now rather than that something is wrong
 * with the request: refused or cut connections, Postgres starting up, shutting down or out of
 * connection slots (as the driver's codes, Postgres's states, or Prisma's P1001/P1017 and its
 * adapter's kinds), and no pooled connection free for a transaction within its wait (Prisma's
 * P2028 with that message: a burst queued on a few hot rows; nothing of the request ran). Retrying
 * later can succeed; anything else (a refused password, a failing migration) will not.
 */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'EAI_AGAIN', '57P01', '57P03', '08006', '53300', 'P1001', 'P1017'])
const UNAVAILABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed'])
// pg's own errors for a connection closed under it carry no code
const UNAVAILABLE_MESSAGE = /^(Connection terminated|Client has encountered a connection error)/
const NO_CONNECTION_FOR_TRANSACTION = /Unable to start a transaction in the given time/

export function isDatabaseUnavailable(err: unknown): boolean {
  return anyDatabaseCause(
    err,
    ({ code, originalCode, kind, message }) =>
      UNAVAILABLE_CODES.has(String(code)) ||
      UNAVAILABLE_CODES.has(String(originalCode)) ||
      UNAVAILABLE_KINDS.has(String(kind)) ||
      UNAVAILABLE_MESSAGE.test(String(message)) ||
      (code === 'P2028' && NO_CONNECTION_FOR_TRANSACTION.test(String(message))),
  )
}

/**
 * 503 SERVICE_UNAVAILABLE when the database was unavailable (see `isDatabaseUnavailable`):
 * the request may be sent again, with its Idempotency-Key, and succeed. `undefined` otherwise.
 */
export function unavailableDatabaseError(err: unknown): ApiError | undefined {
  return isDatabaseUnavailable(err) ? new ApiError('SERVICE_UNAVAILABLE', 'The service could not reach its database; try again') : undefined
}
