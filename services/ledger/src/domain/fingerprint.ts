import { createHash } from 'node:crypto'

/**
 * A digest of a request's content: keys sorted, bigints as strings. The same content always
 * gives the same digest, so a retry is told apart from a different request under the same key.
 */
export function fingerprintOf(content: unknown): string {
  return createHash('sha256').update(JSON.stringify(content, canonical)).digest('hex')
}

function canonical(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString()
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}
