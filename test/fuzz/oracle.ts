import { httpStatusOf, isErrorCode } from '@pp/errors'

/** An answer as the fuzzer received it. */
export interface Answer {
  status: number
  contentType: string | undefined
  body: Buffer
}

/** The largest error body a rejected request may get: a capped list of field errors fits well within it. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024

/**
 * What an answer must never carry: stack frames, source paths, SQL, database driver and ORM
 * messages, gRPC errors between the gateway and the services. The fuzzer's inputs contain none of
 * these, so an echo of the input cannot match. (A connection error of the platform's own webhook
 * endpoint is no internal detail: the test webhook reports it.)
 */
const LEAK_PATTERNS: ReadonlyArray<[string, RegExp]> = [
  ['stack trace', /\n\s+at\s|\bat (?:async )?[\w$.<>]+ \(/],
  ['source path', /\/work\/|\/home\/|node_modules|\/src\/[\w/-]+\.[jt]s|\.ts:\d+/],
  ['SQL', /\b(?:SELECT\b[\s\S]*\bFROM|INSERT INTO|UPDATE\b[\s\S]*\bSET\b|DELETE FROM)\b/],
  ['database error', /invalid byte sequence|violates [\w ]*constraint|duplicate key value|syntax error at or near|SQLSTATE|relation "|column "|out of range for type|unsupported Unicode escape/i],
  ['ORM error', /prisma|DriverAdapter|\bpg-pool\b|PostgresError/i],
  ['gRPC error', /\b\d+ (?:UNAVAILABLE|INTERNAL|UNKNOWN|DEADLINE_EXCEEDED|INVALID_ARGUMENT):|grpc/i],
  ['exception name', /\b(?:TypeError|RangeError|ReferenceError|SyntaxError|ZodError):/],
]

/**
 * Why an answer breaks the API's contract, or undefined when it keeps it: a 5xx is a defect of
 * ours; every other error carries the error body with a known code whose catalogue status is the
 * answer's status, stays small, and no answer leaks internals.
 */
export function contractBreach(answer: Answer): string | undefined {
  const text = answer.body.toString('utf8')
  for (const [what, pattern] of LEAK_PATTERNS) if (pattern.test(text)) return `leaks a ${what}: ${excerpt(text, pattern)}`
  if (answer.status < 400) return undefined
  if (!answer.contentType?.startsWith('application/json')) return `error answer with content type ${answer.contentType ?? 'none'}`
  if (answer.body.length > MAX_ERROR_BODY_BYTES) return `error body of ${answer.body.length} bytes`
  let body: any
  try {
    body = JSON.parse(text)
  } catch {
    return 'error body is not JSON'
  }
  const missing = ['code', 'reason', 'message', 'details', 'status'].filter((field) => body?.[field] === undefined)
  if (missing.length > 0) return `error body lacks ${missing.join(', ')}`
  if (typeof body.code !== 'string' || !isErrorCode(body.code)) return `unknown error code ${String(body.code)}`
  if (typeof body.reason !== 'string' || body.message !== body.reason) return 'reason and message are not the same text'
  if (typeof body.details !== 'object' || body.details === null || Array.isArray(body.details)) return 'details is not an object'
  if (body.status !== answer.status) return `body status ${body.status} on an answer of ${answer.status}`
  if (httpStatusOf(body.code) !== answer.status) return `${body.code} is ${httpStatusOf(body.code)} in the catalogue, answered ${answer.status}`
  return undefined
}

function excerpt(text: string, pattern: RegExp): string {
  const at = text.search(pattern)
  return JSON.stringify(text.slice(Math.max(0, at - 40), at + 80))
}
