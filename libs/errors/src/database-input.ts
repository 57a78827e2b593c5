import { invalidInput, type ApiError } from './api-error.js'

/**
 * Postgres's answers to text it cannot hold: a NUL byte (22021, character_not_in_repertoire) and
 * a `\u0000` escape in JSON (22P05, untranslatable_character). The text came from the caller.
 */
const UNSTORABLE_TEXT_STATES = new Set(['22021', '22P05'])

/** How far into an error's causes the database's own error is looked for (Prisma wraps it twice). */
const CAUSE_DEPTH_MAX = 4

/**
 * 400 INVALID_INPUT when Postgres refused text the caller sent, as the driver's error or wrapped
 * by Prisma; `undefined` for any other failure. A service that stores client text answers its
 * caller's mistake as such instead of as an internal error, without echoing the database's words.
 */
export function unstorableTextError(err: unknown): ApiError | undefined {
  const pending: Array<[unknown, number]> = [[err, 0]]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [candidate, depth] = next
    if (typeof candidate !== 'object' || candidate === null) continue
    const { code, originalCode, cause, meta, driverAdapterError } = candidate as Record<string, unknown>
    if (UNSTORABLE_TEXT_STATES.has(String(code)) || UNSTORABLE_TEXT_STATES.has(String(originalCode))) {
      return invalidInput([{ field: 'request', message: 'Contains a NUL character, which text cannot hold' }])
    }
    if (depth < CAUSE_DEPTH_MAX) for (const inner of [cause, meta, driverAdapterError]) pending.push([inner, depth + 1])
  }
  return undefined
}
