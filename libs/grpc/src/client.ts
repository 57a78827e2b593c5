import {
  type CallOptions,
  type ChannelCredentials,
  type ChannelOptions,
  type Client,
  type ClientUnaryCall,
  type Metadata,
  type ServiceError,
} from '@grpc/grpc-js'
import { grpcErrorToApiError } from '@pp/errors'
import { currentTraceparent, inSpan, SpanKind, tracingEnabled } from '@pp/tracing'
import { observeMadeCall } from './call-metrics.js'
import { clientCredentials } from './transport.js'
import { contextToMetadata, TRACEPARENT, type CallContext } from './metadata.js'

/**
 * How long a call waits for its answer unless its caller says otherwise: 5 s, or
 * `GRPC_DEADLINE_MS` where a deployment (or a test run sharing two cores with a dozen processes)
 * needs longer.
 */
export const DEFAULT_DEADLINE_MS = deadlineFrom(process.env.GRPC_DEADLINE_MS)

function deadlineFrom(setting: string | undefined): number {
  if (setting === undefined || setting === '') return 5_000
  if (!/^[1-9]\d*$/.test(setting)) throw new Error(`GRPC_DEADLINE_MS must be a whole number of milliseconds, not "${setting}"`)
  return Number(setting)
}

/**
 * Every call picks the next ready replica (round robin over every address the target resolves to:
 * a headless Service's pod IPs, or an `ipv4:a,b,c` list), not the first one for the life of the
 * connection as grpc-js's default `pick_first` does. The target is re-resolved when a connection
 * closes, which servers force now and then (`grpc.max_connection_age_ms` in server.ts), so pods
 * that come up get calls within minutes; the floor below keeps a crash loop from hammering DNS.
 */
export const channelOptions: ChannelOptions = {
  'grpc.keepalive_time_ms': 30_000,
  'grpc.keepalive_timeout_ms': 10_000,
  'grpc.enable_retries': 1,
  'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
  'grpc.dns_min_time_between_resolutions_ms': 5_000,
  // a replica restarted in place (a rolling update) is back within seconds: try it again that soon,
  // not after grpc-js's default of up to two minutes
  'grpc.max_reconnect_backoff_ms': 5_000,
}

const LOOPBACK_TARGET = /^(?:ipv4:)?127\.[\d.]+:\d+(?:,127\.[\d.]+:\d+)*$/

/**
 * The channel's options for a target. A local mesh dials 127.0.0.1, and TLS takes no IP address as
 * the server's name (RFC 6066; Node warns on stderr for each process): there the name checked is
 * `localhost`, which every local certificate carries (libs/identity).
 */
export const channelOptionsFor = (address: string): ChannelOptions =>
  LOOPBACK_TARGET.test(address) ? { ...channelOptions, 'grpc.ssl_target_name_override': 'localhost' } : channelOptions

type ClientCtor<C extends Client> = new (address: string, creds: ChannelCredentials, options?: ChannelOptions) => C

/** A client with the process's own identity, or the one `creds` give (see clientCredentialsOf). */
export const createGrpcClient = <C extends Client>(Ctor: ClientCtor<C>, address: string, creds: ChannelCredentials = clientCredentials()): C =>
  new Ctor(address, creds, channelOptionsFor(address))

type UnaryMethod<Req, Res> = {
  /** `/package.Service/Method`, set by grpc-js on generated client methods. */
  path?: string
} & ((
  request: Req,
  metadata: Metadata,
  options: Partial<CallOptions>,
  callback: (err: ServiceError | null, response: Res) => void,
) => ClientUnaryCall)

/**
 * Calls one unary method with the caller's context (and the trace, when traced) as metadata and a
 * deadline, and turns a failure into the ApiError the service meant (or a generic one for
 * transport failures).
 */
export function callUnary<Req, Res>(
  client: Client,
  method: UnaryMethod<Req, Res>,
  request: Req,
  ctx: Partial<CallContext>,
  deadlineMs = DEFAULT_DEADLINE_MS,
): Promise<Res> {
  const path = method.path ?? method.name
  const send = (): Promise<Res> => {
    const startNs = process.hrtime.bigint()
    const metadata = contextToMetadata(ctx)
    const traceparent = currentTraceparent()
    if (traceparent) metadata.set(TRACEPARENT, traceparent)
    return new Promise<Res>((resolve, reject) => {
      method.call(client, request, metadata, { deadline: Date.now() + deadlineMs }, (err, response) => {
        observeMadeCall(path, startNs, err ? err.code : 0)
        if (err) reject(grpcErrorToApiError(err))
        else resolve(response)
      })
    })
  }
  return tracingEnabled() ? inSpan(path, { kind: SpanKind.CLIENT }, send) : send()
}
