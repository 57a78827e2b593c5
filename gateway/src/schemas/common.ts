import { z } from '@hono/zod-openapi'

/** The error body of every non-2xx answer (see `ErrorBody` in @pp/errors). */
export const ErrorBodySchema = z
  .object({
    status: z.number().int().openapi({ example: 400, description: 'The HTTP status' }),
    code: z.string().openapi({ example: 'INVALID_INPUT' }),
    message: z.string().openapi({ example: 'Request validation failed', description: 'The same text as reason' }),
    reason: z.string().openapi({ example: 'Request validation failed' }),
    details: z.record(z.string(), z.unknown()),
  })
  .openapi('Error')

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorBodySchema } },
})

/** Error responses for a route's OpenAPI entry, by status: `...errorResponses(400, 404)`. */
export function errorResponses(...statuses: number[]): Record<number, ReturnType<typeof errorResponse>> {
  const described: Record<number, string> = {
    400: 'Invalid request',
    401: 'Missing or invalid credentials',
    403: 'Forbidden',
    404: 'Not found',
    409: 'Conflict with the current state',
    410: 'Gone',
    413: 'Body too large',
    500: 'Internal error',
  }
  // every route is behind authentication and a permission check
  return Object.fromEntries([401, 403, 500, ...statuses].map((s) => [s, errorResponse(described[s] ?? 'Error')]))
}

/** `limit` (1–100, default 20) and the opaque `cursor` of a keyset-paginated list. */
export const PaginationQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ example: 20 }),
  cursor: z.string().min(1).optional(),
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

/** Echoes a proto timestamp (ts-proto gives a Date) as the API's ISO 8601 UTC string. */
export const isoTimestamp = (value: Date | undefined): string | undefined => value?.toISOString()
