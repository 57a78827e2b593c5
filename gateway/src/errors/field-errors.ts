import type { FieldError } from '@pp/errors'
import type { z } from '@hono/zod-openapi'

type Issue = z.core.$ZodIssue
type Constraint = NonNullable<FieldError['constraint']>

/** Where a value came from, named for a field error that has no path inside it. */
const TARGET_NAMES: Record<string, string> = { json: 'body', form: 'body', query: 'query', param: 'path', header: 'headers', cookie: 'cookies' }

// zod's names for the formats the spec names differently
const SPEC_FORMAT_NAMES: Record<string, string> = { datetime: 'date-time', e164: 'e.164' }

/**
 * The spec's `details.errors[]` for a failed zod validation: one entry per invalid field, with a
 * dot-notation path and, where zod knows it, the constraint that failed.
 */
export function toFieldErrors(issues: readonly Issue[], target: string): FieldError[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: fieldPath([...issue.path, key], target), message: `Unknown field ${key}` }))
    }
    const constraint = constraintOf(issue)
    const field = fieldPath(issue.path, target)
    return [constraint ? { field, constraint, message: issue.message } : { field, message: issue.message }]
  })
}

/** A field's dot-notation path; the request part's name when the whole part is meant. */
export function fieldPath(path: readonly PropertyKey[], target: string): string {
  if (path.length === 0) return TARGET_NAMES[target] ?? target
  return path.map(String).join('.')
}

function constraintOf(issue: Issue): Constraint | undefined {
  switch (issue.code) {
    case 'invalid_format':
      if (issue.format === 'regex' && issue.pattern !== undefined) return { pattern: regexSource(issue.pattern) }
      return { format: SPEC_FORMAT_NAMES[issue.format] ?? issue.format }
    case 'invalid_value':
      return issue.values.every((v) => typeof v === 'string') ? { enum: issue.values as string[] } : undefined
    case 'too_small':
      return issue.origin === 'string' ? { minLength: Number(issue.minimum) } : undefined
    case 'too_big':
      return issue.origin === 'string' ? { maxLength: Number(issue.maximum) } : undefined
    default:
      return undefined
  }
}

/** zod reports a regex as `/source/flags`; the spec's constraint is the bare JavaScript pattern. */
function regexSource(pattern: string): string {
  return /^\/(.*)\/[a-z]*$/s.exec(pattern)?.[1] ?? pattern
}
