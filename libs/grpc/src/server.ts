import { Server, type ServiceDefinition, type UntypedServiceImplementation } from '@grpc/grpc-js'
import type { Logger } from '@pp/logging'
import { authorizedImplementation } from './authorization.js'
import { checkCallerTable, type CallerTable, type ListenerKind } from './callers.js'
import { HealthService, type DependencyCheck } from './health-service.js'
import { isMutualTls, serverCredentials } from './transport.js'

export interface ServiceRegistration {
  name: string
  definition: ServiceDefinition
  implementation: UntypedServiceImplementation
}

export interface RunningGrpcServer {
  port: number
  /** The operator port's number, when the server has one. */
  operatorPort?: number
  /** Marks every service NOT_SERVING, drains calls in flight, then stops. */
  shutdown(): Promise<void>
}

export interface GrpcServerOptions {
  /** The largest request accepted; 4 MiB unless a service takes larger ones (file uploads). */
  receiveMessageBytesMax?: number
  dependencies?: DependencyCheck[]
  /**
   * Who may call each method (the service's `rpc/callers.ts`). Required over mutual TLS; checked
   * for completeness whenever given, so a service's tests catch a method with no entry.
   */
  callers?: CallerTable
  /**
   * Where the methods the admin identity calls are served (OPERATOR_GRPC_ADDRESS); the public
   * address then does not serve them. Without it, one address serves everything (tests).
   */
  operatorAddress?: string
}

const RECEIVE_MESSAGE_BYTES_DEFAULT = 4 * 1024 * 1024
/**
 * Clients keep a connection until it closes, and only then resolve the target again: closing each
 * one after a few minutes (calls in flight get the grace to finish) is how replicas added by an
 * autoscaler start getting calls. grpc-js adds jitter, so clients do not reconnect all at once.
 */
const CONNECTION_AGE_MS_MAX = 120_000
const CONNECTION_AGE_GRACE_MS = 30_000

/**
 * Starts a gRPC server with the given services and the standard grpc.health.v1 service
 * (`HealthService`: liveness under '', each service SERVING once bound, each dependency and
 * `readiness` as they are now), and with `operatorAddress` a second one for the admin's methods.
 * Over mutual TLS every call is authorized by its caller's identity against `callers` first.
 * Port 0 picks a free port (tests).
 */
export async function startGrpcServer(
  address: string,
  services: ServiceRegistration[],
  logger: Logger,
  options: GrpcServerOptions = {},
): Promise<RunningGrpcServer> {
  const { callers } = options
  if (callers) checkCallerTable(callers, services.map((s) => s.definition))
  else if (isMutualTls()) throw new Error('a gRPC server over mutual TLS needs a callers table')
  const health = new HealthService(services.map((s) => s.name), options.dependencies ?? [])
  const listen = async (listenerAddress: string, listener: ListenerKind): Promise<{ server: Server; port: number }> => {
    const server = new Server({
      'grpc.max_receive_message_length': options.receiveMessageBytesMax ?? RECEIVE_MESSAGE_BYTES_DEFAULT,
      'grpc.max_connection_age_ms': CONNECTION_AGE_MS_MAX,
      'grpc.max_connection_age_grace_ms': CONNECTION_AGE_GRACE_MS,
    })
    health.addToServer(server)
    for (const service of services) {
      const implementation = callers ? authorizedImplementation(service.definition, service.implementation, callers, listener, logger) : service.implementation
      server.addService(service.definition, implementation)
    }
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync(listenerAddress, serverCredentials(), (err, bound) => (err ? reject(err) : resolve(bound))),
    )
    return { server, port }
  }
  const main = await listen(address, options.operatorAddress ? 'public' : 'single')
  const operator = options.operatorAddress ? await listen(options.operatorAddress, 'operator') : undefined
  health.serve()
  logger.info({ address, port: main.port, operatorPort: operator?.port, services: services.map((s) => s.name) }, 'gRPC server listening')

  const stop = (server: Server) => new Promise<void>((resolve) => server.tryShutdown(() => resolve()))
  return {
    port: main.port,
    operatorPort: operator?.port,
    shutdown: async () => {
      health.shutDown()
      await Promise.all([stop(main.server), ...(operator ? [stop(operator.server)] : [])])
    },
  }
}
