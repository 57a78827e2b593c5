/**
 * Errors that say the server does not take connections now rather than that something is wrong
 * with the request: refused or cut connections, and Postgres starting up, shutting down or out
 * of connection slots. Retrying later can succeed; anything else (a refused password, a failing
 * migration) will not.
 */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'EAI_AGAIN', '57P01', '57P03', '08006', '53300'])

export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false
  const { code, message } = err as { code?: unknown; message?: unknown }
  // pg's own errors for a connection closed under it carry no code
  return UNAVAILABLE_CODES.has(String(code)) || /^Connection terminated/.test(String(message))
}

