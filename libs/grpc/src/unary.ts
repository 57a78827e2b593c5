import { status as GrpcCode, type handleUnaryCall, type ServerUnaryCall } from '@grpc/grpc-js'
import { apiErrorToGrpcStatus, isApiError, unstorableTextError } from '@pp/errors'
import { withRequestId, type Logger } from '@pp/logging'
import { contextFromMetadata, type ReceivedContext } from './metadata.js'

/** An incoming call's context as sent (see `callerOf` for the tenant it acts for) and a logger tagged with its request id. */
export interface HandlerContext extends ReceivedContext {
  logger: Logger
}

export type UnaryImpl<Req, Res> = (request: Req, ctx: HandlerContext) => Promise<Res>

/**
 * Adapts an async handler to grpc-js's callback style. An ApiError keeps its code, reason and
 * details, and the database's refusal of text the caller sent (a NUL) is its INVALID_INPUT;
 * anything else is logged with the method path and answered as a bare INTERNAL, so no stack or
 * message of ours leaks to the caller.
 */
export const unary =
  <Req, Res>(logger: Logger, impl: UnaryImpl<Req, Res>): handleUnaryCall<Req, Res> =>
  (call: ServerUnaryCall<Req, Res>, callback) => {
    const base = contextFromMetadata(call.metadata)
    const ctx: HandlerContext = { ...base, logger: withRequestId(logger, base.requestId) }
    impl(call.request, ctx).then(
      (response) => callback(null, response),
      (err: unknown) => {
        if (isApiError(err)) return callback(apiErrorToGrpcStatus(err))
        const refusedText = unstorableTextError(err)
        if (refusedText !== undefined) return callback(apiErrorToGrpcStatus(refusedText))
        ctx.logger.error({ err, method: call.getPath() }, 'unhandled error in gRPC handler')
        callback({ code: GrpcCode.INTERNAL, details: 'Internal error' })
      },
    )
  }

/** Wraps every method of a service implementation with `unary`. */
export function unaryService<T extends Record<string, UnaryImpl<never, unknown>>>(
  logger: Logger,
  impls: T,
): { [K in keyof T]: T[K] extends UnaryImpl<infer Req, infer Res> ? handleUnaryCall<Req, Res> : never } {
  const entries = Object.entries(impls).map(([name, impl]) => [name, unary(logger, impl)])
  return Object.fromEntries(entries) as never
}
