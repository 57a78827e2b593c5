import { status as GrpcCode, type handleUnaryCall, type ServerUnaryCall } from '@grpc/grpc-js'
import { apiErrorToGrpcStatus, isApiError, unavailableDatabaseError, unstorableTextError } from '@pp/errors'
import { withRequestId, type Logger } from '@pp/logging'
import { inSpan, SpanKind, tracingEnabled } from '@pp/tracing'
import { observeServedCall } from './call-metrics.js'
import { contextFromMetadata, TRACEPARENT, type ReceivedContext } from './metadata.js'
import { trustedContext } from './tenant-trust.js'

/** An incoming call's context as sent (see `callerOf` for the tenant it acts for) and a logger tagged with its request id. */
export interface HandlerContext extends ReceivedContext {
  logger: Logger
}

export type UnaryImpl<Req, Res> = (request: Req, ctx: HandlerContext) => Promise<Res>

/**
 * Adapts an async handler to grpc-js's callback style. An ApiError keeps its code, reason and
 * details, the database's refusal of text the caller sent (a NUL) is its INVALID_INPUT, and a
 * database that does not take connections (restarting, unreachable) is SERVICE_UNAVAILABLE, which
 * callers may retry; anything else is logged with the method path and answered as a bare
 * INTERNAL, so no stack or message of ours leaks to the caller.
 */
export const unary =
  <Req, Res>(logger: Logger, impl: UnaryImpl<Req, Res>): handleUnaryCall<Req, Res> =>
  (call: ServerUnaryCall<Req, Res>, callback) => {
    const startNs = process.hrtime.bigint()
    const method = call.getPath()
    const received = contextFromMetadata(call.metadata)
    const callLogger = withRequestId(logger, received.requestId)
    const answer: typeof callback = (err, response) => {
      observeServedCall(method, startNs, err ? (err.code ?? GrpcCode.UNKNOWN) : GrpcCode.OK)
      callback(err, response)
    }
    const parent = call.metadata.get(TRACEPARENT)[0]
    // a tenant token that fails its check is the call's answer, as any other refusal
    const handle = async () => impl(call.request, { ...trustedContext(call, received), logger: callLogger })
    const handled = tracingEnabled() ? inSpan(method, { kind: SpanKind.SERVER, parent: parent === undefined ? undefined : String(parent) }, handle) : handle()
    handled.then(
      (response) => answer(null, response),
      (err: unknown) => {
        if (isApiError(err)) return answer(apiErrorToGrpcStatus(err))
        const refusedText = unstorableTextError(err)
        if (refusedText !== undefined) return answer(apiErrorToGrpcStatus(refusedText))
        const unavailable = unavailableDatabaseError(err)
        if (unavailable !== undefined) {
          callLogger.warn({ err, method }, 'database unavailable during a gRPC call')
          return answer(apiErrorToGrpcStatus(unavailable))
        }
        callLogger.error({ err, method }, 'unhandled error in gRPC handler')
        answer({ code: GrpcCode.INTERNAL, details: 'Internal error' })
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
