import type { Hook } from '@hono/zod-openapi'
import { invalidInput } from '@pp/errors'
import type { GatewayEnv } from '../context.js'
import { toFieldErrors } from './field-errors.js'

/** Every route's validation failure (body, query, path, headers) becomes 400 INVALID_INPUT. */
export const validationHook: Hook<unknown, GatewayEnv, string, undefined> = (result) => {
  if (!result.success) throw invalidInput(toFieldErrors(result.error.issues, result.target))
  return undefined
}
