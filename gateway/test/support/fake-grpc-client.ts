import type { Metadata, ServiceError } from '@grpc/grpc-js'
import { apiErrorToGrpcStatus, type ApiError } from '@pp/errors'
import { contextFromMetadata, type CallContext } from '@pp/grpc'

export type FakeHandler = (request: any, ctx: CallContext) => Promise<unknown>

/** What a fake client was asked, newest last. */
export interface RecordedCall {
  method: string
  request: any
  ctx: CallContext
}

/**
 * A gRPC client whose methods answer from `handlers` with the callback shape grpc-js clients
 * have, turning a thrown ApiError into its gRPC status as a real service would.
 */
export function fakeGrpcClient<C>(handlers: Record<string, FakeHandler>, calls: RecordedCall[] = []): C {
  const method =
    (name: string) =>
    (request: unknown, metadata: Metadata, _options: unknown, callback: (err: ServiceError | null, res?: unknown) => void) => {
      const ctx = contextFromMetadata(metadata)
      calls.push({ method: name, request, ctx })
      const handler = handlers[name] ?? (() => Promise.reject(new Error(`unexpected call ${name}`)))
      handler(request, ctx).then(
        (res) => callback(null, res),
        (err: ApiError) => callback(apiErrorToGrpcStatus(err) as ServiceError),
      )
    }
  return new Proxy({}, { get: (_, name) => (name === 'close' ? () => undefined : method(String(name))) }) as C
}
