import { z } from '@hono/zod-openapi'
import { errorCodesOf, type ErrorCode, type HttpErrorStatus } from '@pp/errors'

const errorBodyFields = {
  message: z.string().openapi({ example: 'Request validation failed', description: 'The same text as reason' }),
  reason: z.string().openapi({ example: 'Request validation failed' }),
  details: z.record(z.string(), z.unknown()),
}

/**
 * The error body of an answer of one status (see `ErrorBody` in @pp/errors), as a component of its
 * own (`Error400`, `Error404`, ...) whose `code` lists every code of that status, as the reference's do.
 */
const errorBodySchema = (status: HttpErrorStatus) =>
  z
    .object({
      status: z.literal(status).openapi({ description: 'The HTTP status' }),
      code: z.enum(errorCodesOf(status) as [ErrorCode, ...ErrorCode[]]),
      ...errorBodyFields,
    })
    .openapi(`Error${status}`)

// one schema object per component name
const errorBodySchemas = new Map<HttpErrorStatus, ReturnType<typeof errorBodySchema>>()
const errorBodySchemaOf = (status: HttpErrorStatus) => {
  if (!errorBodySchemas.has(status)) errorBodySchemas.set(status, errorBodySchema(status))
  return errorBodySchemas.get(status)!
}

const described: Record<HttpErrorStatus, string> = {
  400: 'Invalid request',
  401: 'Missing or invalid credentials',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict with the current state',
  410: 'Gone',
  413: 'Body too large',
  423: 'Locked',
  424: 'A dependency failed',
  429: 'Too many requests',
  500: 'Internal error',
  501: 'Not implemented',
  503: 'Service unavailable',
}

// RFC 9110: when a 429 may be retried
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' as const, minimum: 1 } } }

const errorResponse = (status: HttpErrorStatus) => ({
  description: described[status],
  ...(status === 429 ? { headers: RETRY_AFTER } : {}),
  content: { 'application/json': { schema: errorBodySchemaOf(status) } },
})

/** Error responses for a route's OpenAPI entry, by status: `...errorResponses(400, 404)`. */
export function errorResponses(...statuses: HttpErrorStatus[]): Record<number, ReturnType<typeof errorResponse>> {
  // every route is behind authentication, a permission check and the credential's rate limit
  return Object.fromEntries([401, 403, 429, 500, ...statuses].map((s) => [s, errorResponse(s as HttpErrorStatus)]))
}

/**
 * An integer query parameter: decimal digits only, so that `0x10`, `1e1`, `+5` or ` 5` are refused
 * rather than read as numbers. Described as the integer it stands for.
 */
export const integerParameter = (minimum: number, maximum: number) =>
  z
    .string()
    .regex(/^\d+$/)
    .transform(Number)
    .pipe(z.number().int().min(minimum).max(maximum))
    .openapi({ type: 'integer', minimum, maximum })

const IDENTIFIER_PATTERN = /^[^\p{Cc}\p{Cf}<>]*$/u

/**
 * Text an identifier may hold (ids, platformCustomerId, names, nicknames): no control or format
 * characters, such as bidi overrides and zero-width spaces, that make two ids look alike or
 * reorder what a reader sees, and no HTML angle brackets. `text` may trim first.
 */
export const Identifier = (maxLength = 128, text = z.string()) =>
  text
    .min(1)
    .max(maxLength)
    .regex(IDENTIFIER_PATTERN)
    // the generator would write the flagged regex as `^…$/u`, which is no pattern at all
    .openapi({ pattern: IDENTIFIER_PATTERN.source })

/** An Idempotency-Key: printable ASCII, at most 255 characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7E]{1,255}$/

/** `limit` (1–100, default 20) and the opaque `cursor` of a keyset-paginated list. */
export const PaginationQuerySchema = z.object({
  limit: integerParameter(1, 100).default(20).openapi({ example: 20 }),
  cursor: Identifier(4096).optional(),
})

/** The list envelope `{data, hasMore, nextCursor, totalCount}`. */
export const listEnvelope = <T extends z.ZodType>(item: T, name: string) =>
  z
    .object({
      data: z.array(item),
      hasMore: z.boolean(),
      nextCursor: z.string().optional(),
      totalCount: z.number().int(),
    })
    .openapi(name)
