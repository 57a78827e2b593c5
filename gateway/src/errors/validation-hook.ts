import type { Hook } from '@hono/zod-openapi'
import { invalidInput } from '@pp/errors'
import type { GatewayEnv } from '../context.js'
import { toFieldErrors } from './field-errors.js'
import { unstorableTextErrors } from './unstorable-text.js'

/**
 * Every route's validation (body, query, path, headers, form): a failure becomes 400 INVALID_INPUT,
 * and so does valid input carrying text no service could store, wherever its route put it.
 */
export const validationHook: Hook<unknown, GatewayEnv, string, undefined> = (result) => {
  if (!result.success) throw invalidInput(toFieldErrors(result.error.issues, result.target))
  const unstorable = unstorableTextErrors(result.data, result.target)
  if (unstorable.length > 0) throw invalidInput(unstorable)
  return undefined
}
