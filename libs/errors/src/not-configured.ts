import { ApiError, type ErrorDetails } from './api-error.js'

/**
 * A provider or rail this deployment has no configuration for (a production KYC vendor, a bank
 * rail, an OTP sender): it stays so until an operator configures it, so the answer is 501
 * NOT_IMPLEMENTED, which clients do not retry, never a retryable 503 or QUOTE_REQUEST_FAILED.
 * `what` names the missing piece and, where there is one, the setting that provides it.
 */
export const notConfigured = (what: string, details: ErrorDetails = {}): ApiError => new ApiError('NOT_IMPLEMENTED', `${what} is not configured in this deployment`, details)
