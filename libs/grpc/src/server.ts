import { Server, type ServiceDefinition, type UntypedServiceImplementation } from '@grpc/grpc-js'
import type { Logger } from '@pp/logging'
import { HealthService, type DependencyCheck } from './health-service.js'
import { serverCredentials } from './transport.js'

export interface ServiceRegistration {
  name: string
  definition: ServiceDefinition
  implementation: UntypedServiceImplementation
}

export interface RunningGrpcServer {
  port: number
  /** Marks every service NOT_SERVING, drains calls in flight, then stops. */
  shutdown(): Promise<void>
}

export interface GrpcServerOptions {
  /** The largest request accepted; 4 MiB unless a service takes larger ones (file uploads). */
  receiveMessageBytesMax?: number
  dependencies?: DependencyCheck[]
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
 * `readiness` as they are now). Port 0 picks a free port (tests).
 */
export async function startGrpcServer(
  address: string,
  services: ServiceRegistration[],
  logger: Logger,
  options: GrpcServerOptions = {},
): Promise<RunningGrpcServer> {
  const server = new Server({
    'grpc.max_receive_message_length': options.receiveMessageBytesMax ?? RECEIVE_MESSAGE_BYTES_DEFAULT,
    'grpc.max_connection_age_ms': CONNECTION_AGE_MS_MAX,
    'grpc.max_connection_age_grace_ms': CONNECTION_AGE_GRACE_MS,
  })
  const health = new HealthService(services.map((s) => s.name), options.dependencies ?? [])
  health.addToServer(server)
  for (const service of services) server.addService(service.definition, service.implementation)

  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(address, serverCredentials(), (err, bound) => (err ? reject(err) : resolve(bound))),
  )
  health.serve()
  logger.info({ address, port, services: services.map((s) => s.name) }, 'gRPC server listening')

  return {
    port,
    shutdown: () =>
      new Promise<void>((resolve) => {
        health.shutDown()
        server.tryShutdown(() => resolve())
      }),
  }
}
