import {
  credentials,
  type CallOptions,
  type ChannelOptions,
  type Client,
  type ClientUnaryCall,
  type Metadata,
  type ServiceError,
} from '@grpc/grpc-js'
import { grpcErrorToApiError } from '@pp/errors'
import { contextToMetadata, type CallContext } from './metadata.js'

export const DEFAULT_DEADLINE_MS = 5_000

const channelOptions: ChannelOptions = {
  'grpc.keepalive_time_ms': 30_000,
  'grpc.enable_retries': 1,
}

type ClientCtor<C extends Client> = new (address: string, creds: ReturnType<typeof credentials.createInsecure>, options?: ChannelOptions) => C

export const createGrpcClient = <C extends Client>(Ctor: ClientCtor<C>, address: string): C =>
  new Ctor(address, credentials.createInsecure(), channelOptions)

type UnaryMethod<Req, Res> = (
  request: Req,
  metadata: Metadata,
  options: Partial<CallOptions>,
  callback: (err: ServiceError | null, response: Res) => void,
) => ClientUnaryCall

/**
 * Calls one unary method with the caller's context as metadata and a deadline, and turns a
 * failure into the ApiError the service meant (or a generic one for transport failures).
 */
export function callUnary<Req, Res>(
  client: Client,
  method: UnaryMethod<Req, Res>,
  request: Req,
  ctx: Partial<CallContext>,
  deadlineMs = DEFAULT_DEADLINE_MS,
): Promise<Res> {
  return new Promise<Res>((resolve, reject) => {
    method.call(client, request, contextToMetadata(ctx), { deadline: Date.now() + deadlineMs }, (err, response) =>
      err ? reject(grpcErrorToApiError(err)) : resolve(response),
    )
  })
}
