/**
 * The bytes an event's signature covers: the whole envelope (id, type, source, platformId,
 * environment, occurredAt, requestId, traceparent, data) as JSON with every object's keys sorted,
 * after a fixed prefix. Sorting makes the bytes independent of how a copy was serialized: the
 * relay signs a row read back from jsonb (which reorders keys), the consumer a parsed message.
 * The prefix keeps a signature made for an event from meaning anything in another context.
 */
const DOMAIN = 'payments-platform event v1\n'

export const canonicalEnvelope = (envelope: object): Buffer => Buffer.from(DOMAIN + canonicalJson(envelope))

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`
  }
  return JSON.stringify(value)
}
