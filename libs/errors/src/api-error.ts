import { httpStatusOf, type ErrorCode, type HttpErrorStatus } from './catalogue.js'

export type ErrorDetails = Record<string, unknown>

/** A field that failed validation, as the spec's `details.errors[]` lists it. */
export interface FieldError {
  field: string
  message: string
  constraint?: {
    format?: string
    pattern?: string
    enum?: string[]
    minLength?: number
    maxLength?: number
  }
}

/**
 * The body every error answer carries: the spec's `code`, `reason` and `details`, plus the
 * reference's `status` and `message` (the same text as `reason`), which its CLI and SDK print.
 */
export interface ErrorBody {
  status: HttpErrorStatus
  code: ErrorCode
  message: string
  reason: string
  details: ErrorDetails
}

/** The one error type a service or the gateway throws for an answer the caller should see. */
export class ApiError extends Error {
  readonly code: ErrorCode
  readonly details: ErrorDetails

  constructor(code: ErrorCode, reason?: string, details: ErrorDetails = {}) {
    super(reason ?? defaultReason(code))
    this.name = 'ApiError'
    this.code = code
    this.details = details
  }

  get status(): HttpErrorStatus {
    return httpStatusOf(this.code)
  }

  toBody(): ErrorBody {
    return { status: this.status, code: this.code, message: this.message, reason: this.message, details: this.details }
  }
}

/** The field errors one answer lists; a body with thousands of bad elements gets a small answer all the same. */
export const MAX_FIELD_ERRORS = 100

/**
 * 400 INVALID_INPUT listing the first `MAX_FIELD_ERRORS` field errors, and how many more there
 * were as `omittedErrors`.
 */
export function invalidInput(errors: FieldError[], reason = 'Request validation failed'): ApiError {
  if (errors.length <= MAX_FIELD_ERRORS) return new ApiError('INVALID_INPUT', reason, { errors })
  return new ApiError('INVALID_INPUT', reason, { errors: errors.slice(0, MAX_FIELD_ERRORS), omittedErrors: errors.length - MAX_FIELD_ERRORS })
}

export const isApiError = (err: unknown): err is ApiError => err instanceof ApiError

/** A readable default such as "Customer not found" for CUSTOMER_NOT_FOUND. */
function defaultReason(code: ErrorCode): string {
  const words = code.toLowerCase().split('_').join(' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
