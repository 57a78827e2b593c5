import type { ErrorCode } from './generated/types.js'

/** The error body of every 4xx and 5xx answer of the API. */
export interface ErrorBody {
  code: ErrorCode
  reason: string
  message: string
  details: Record<string, unknown>
}

/**
 * Statuses worth the same request again, unchanged, with the same Idempotency-Key: the API was busy
 * (429) or unavailable (503). Of the other codes, only a 409 for a request with the same key that
 * is still running says so. Plain strings: the runtime works with any document's codes.
 */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 503])
const RETRYABLE_CODES: ReadonlySet<string> = new Set(['REQUEST_IN_PROGRESS'])

/** An answer of the API with an error status: its status and error body, as the API sent them. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly code: ErrorCode
  readonly reason: string
  readonly details: Record<string, unknown>
  /** The operation that failed. */
  readonly operationId: string
  /** The gateway's id of the request (its `X-Request-Id` header), to quote when reporting a problem. */
  readonly requestId: string | undefined
  /** How long the API asked the caller to wait before trying again (its `Retry-After`), when it said. */
  readonly retryAfterMs: number | undefined

  constructor(operationId: string, status: number, body: ErrorBody, headers: Headers) {
    super(body.message)
    this.operationId = operationId
    this.status = status
    this.code = body.code
    this.reason = body.reason
    this.details = body.details
    this.requestId = headers.get('x-request-id') ?? undefined
    this.retryAfterMs = retryAfterMs(headers.get('retry-after'))
  }

  /** Whether the same request may succeed when sent again later: rate limited, unavailable, or still in progress. */
  get isRetryable(): boolean {
    return RETRYABLE_STATUSES.has(this.status) || RETRYABLE_CODES.has(this.code)
  }
}

/**
 * An answer outside the API's contract: an error status without the API's error body (a proxy's
 * page, say) or a success whose body is not the JSON the document promises.
 */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError'

  constructor(
    readonly operationId: string,
    readonly status: number,
    /** The body as received, for diagnosis. */
    readonly body: string,
  ) {
    super(`${operationId}: unexpected answer with status ${status}`)
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError

/** The error body of an answer, when it is one: JSON with a string code, reason and message. */
export function parseErrorBody(text: string): ErrorBody | undefined {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof body !== 'object' || body === null) return undefined
  const { code, reason, message, details } = body as Record<string, unknown>
  if (typeof code !== 'string' || typeof reason !== 'string') return undefined
  return {
    code: code as ErrorCode,
    reason,
    message: typeof message === 'string' ? message : reason,
    details: typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : {},
  }
}

/** `Retry-After` is either seconds or an HTTP date (RFC 9110 §10.2.3). */
function retryAfterMs(value: string | null): number | undefined {
  if (value === null) return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now())
}
