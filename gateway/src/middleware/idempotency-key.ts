import type { MiddlewareHandler } from 'hono'
import { invalidInput } from '@pp/errors'
import type { GatewayEnv } from '../context.js'
import { IDEMPOTENCY_KEY_PATTERN } from '@pp/contracts'

/**
 * Every route passes the Idempotency-Key on to its service (`callContext`), as gRPC metadata that
 * holds only printable ASCII and as a stored key: any other value is 400 INVALID_INPUT before a
 * route runs, whether or not the route declares the header.
 */
export const checkIdempotencyKey = (): MiddlewareHandler<GatewayEnv> =>
  async function checkIdempotencyKey(c, next) {
    const key = c.req.header('Idempotency-Key')
    if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw invalidInput([
        { field: 'Idempotency-Key', message: 'Must be 1 to 255 printable ASCII characters', constraint: { pattern: IDEMPOTENCY_KEY_PATTERN.source, maxLength: 255 } },
      ])
    }
    await next()
  }
