import type { FieldError } from '@pp/errors'
import { formatProblem, type FieldRule } from './field-rules.js'
import type { AccountInfoInput } from './types.js'

/** Proto3 sends an unset string as '': either way the caller gave no value. */
export const isPresent = (value: string | undefined): value is string => value !== undefined && value !== ''

export const missing = (field: string): FieldError => ({ field, message: 'is required' })

export const notAllowed = (field: string, where: string): FieldError => ({ field, message: `is not a field of ${where}` })

function shapeError(field: string, value: string, rule: FieldRule): FieldError | undefined {
  if (rule.enum && !rule.enum.includes(value)) {
    return { field, message: `must be one of ${rule.enum.join(', ')}`, constraint: { enum: [...rule.enum] } }
  }
  if (rule.minLength !== undefined && value.length < rule.minLength) {
    return { field, message: `must have at least ${rule.minLength} characters`, constraint: { minLength: rule.minLength } }
  }
  if (rule.maxLength !== undefined && value.length > rule.maxLength) {
    return { field, message: `must have at most ${rule.maxLength} characters`, constraint: { maxLength: rule.maxLength } }
  }
  if (rule.pattern && !rule.pattern.test(value)) {
    return { field, message: `must match ${rule.pattern.source}`, constraint: { pattern: rule.pattern.source } }
  }
  return undefined
}

/** The error of one present value: its shape first, then its checksum or format. */
export function valueError(field: string, value: string, rule: FieldRule, info: AccountInfoInput): FieldError | undefined {
  const shape = shapeError(field, value, rule)
  if (shape) return shape
  const problem = formatProblem(rule, value, info)
  return problem === undefined ? undefined : { field, message: problem }
}
