import { Metadata, status as GrpcCode, type ServiceError, type StatusObject } from '@grpc/grpc-js'
import { ApiError, type ErrorDetails } from './api-error.js'
import { isErrorCode, type HttpErrorStatus } from './catalogue.js'

/** Binary metadata key carrying the API error (code, reason, details) across a gRPC hop. */
export const API_ERROR_METADATA_KEY = 'x-api-error-bin'

const grpcCodeByHttpStatus: Record<HttpErrorStatus, GrpcCode> = {
  400: GrpcCode.INVALID_ARGUMENT,
  401: GrpcCode.UNAUTHENTICATED,
  403: GrpcCode.PERMISSION_DENIED,
  404: GrpcCode.NOT_FOUND,
  405: GrpcCode.UNIMPLEMENTED,
  409: GrpcCode.FAILED_PRECONDITION,
  410: GrpcCode.NOT_FOUND,
  413: GrpcCode.RESOURCE_EXHAUSTED,
  423: GrpcCode.FAILED_PRECONDITION,
  424: GrpcCode.UNAVAILABLE,
  429: GrpcCode.RESOURCE_EXHAUSTED,
  500: GrpcCode.INTERNAL,
  501: GrpcCode.UNIMPLEMENTED,
  503: GrpcCode.UNAVAILABLE,
}

/** The gRPC status a service sends for an ApiError: a matching code plus the exact API error. */
export function apiErrorToGrpcStatus(err: ApiError): Partial<StatusObject> {
  const metadata = new Metadata()
  const payload = { code: err.code, reason: err.message, details: err.details }
  metadata.set(API_ERROR_METADATA_KEY, Buffer.from(JSON.stringify(payload)))
  return { code: grpcCodeByHttpStatus[err.status], details: err.message, metadata }
}

/**
 * The ApiError a gRPC failure stands for. A status carrying the API error is mapped exactly;
 * anything else (a dead peer, a deadline) is a failure of ours, so it becomes INTERNAL_ERROR,
 * SERVICE_UNAVAILABLE or NOT_IMPLEMENTED without leaking the transport's message.
 */
export function grpcErrorToApiError(err: Partial<ServiceError>): ApiError {
  const raw = err.metadata?.get(API_ERROR_METADATA_KEY)[0]
  if (raw !== undefined) {
    const parsed = JSON.parse(Buffer.from(raw).toString('utf8')) as {
      code: string
      reason: string
      details: ErrorDetails
    }
    if (isErrorCode(parsed.code)) return new ApiError(parsed.code, parsed.reason, parsed.details)
  }
  if (err.code === GrpcCode.UNAVAILABLE || err.code === GrpcCode.DEADLINE_EXCEEDED) {
    return new ApiError('SERVICE_UNAVAILABLE', 'A backing service did not answer in time')
  }
  // the server has no such method (one older than its caller mid-rollout, or a method served on its other port)
  if (err.code === GrpcCode.UNIMPLEMENTED) return new ApiError('NOT_IMPLEMENTED', 'The backing service does not serve this method')
  return new ApiError('INTERNAL_ERROR', 'Internal error')
}
