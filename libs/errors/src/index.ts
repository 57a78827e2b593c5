export { allErrorCodes, errorCodesOf, httpStatusOf, isErrorCode, type ErrorCode, type HttpErrorStatus } from './catalogue.js'
export { ApiError, invalidInput, isApiError, MAX_FIELD_ERRORS, type ErrorBody, type ErrorDetails, type FieldError } from './api-error.js'
export { API_ERROR_METADATA_KEY, apiErrorToGrpcStatus, grpcErrorToApiError } from './grpc-status.js'
export { isDatabaseUnavailable, unavailableDatabaseError, unstorableTextError } from './database-input.js'
