import { Metadata, status as GrpcCode } from '@grpc/grpc-js'
import { describe, expect, it } from 'vitest'
import { ApiError } from './api-error.js'
import { apiErrorToGrpcStatus, grpcErrorToApiError } from './grpc-status.js'

describe('gRPC status mapping', () => {
  it('round-trips code, reason and details', () => {
    const original = new ApiError('CONFLICT', 'platformCustomerId taken', { field: 'platformCustomerId' })
    const status = apiErrorToGrpcStatus(original)
    expect(status.code).toBe(GrpcCode.FAILED_PRECONDITION)
    const back = grpcErrorToApiError({ code: status.code, metadata: status.metadata })
    expect(back.toBody()).toEqual(original.toBody())
    expect(back.status).toBe(409)
  })

  it('hides transport failures behind a generic error', () => {
    expect(grpcErrorToApiError({ code: GrpcCode.UNAVAILABLE, metadata: new Metadata() }).code).toBe('SERVICE_UNAVAILABLE')
    expect(grpcErrorToApiError({ code: GrpcCode.UNKNOWN, metadata: new Metadata() }).code).toBe('INTERNAL_ERROR')
  })

  it('answers a method the server does not serve as 501 NOT_IMPLEMENTED, not as an internal error', () => {
    expect(grpcErrorToApiError({ code: GrpcCode.UNIMPLEMENTED, metadata: new Metadata() }).toBody()).toMatchObject({ status: 501, code: 'NOT_IMPLEMENTED' })
  })
})
