import { Server, ServerCredentials, type ServiceDefinition, type UntypedServiceImplementation } from '@grpc/grpc-js'
import { HealthImplementation } from 'grpc-health-check'
import type { Logger } from '@pp/logging'

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

/**
 * Something the process needs but can serve its API without for a while (NATS): the health
 * service reports it under its own name, SERVING or NOT_SERVING, while the whole server ('')
 * and its gRPC services stay SERVING.
 */
export interface DependencyCheck {
  readonly name: string
  serving(): boolean
  onChange(listener: (serving: boolean) => void): void
}

export interface GrpcServerOptions {
  /** The largest request accepted; 4 MiB unless a service takes larger ones (file uploads). */
  receiveMessageBytesMax?: number
  dependencies?: DependencyCheck[]
}

const RECEIVE_MESSAGE_BYTES_DEFAULT = 4 * 1024 * 1024

/**
 * Starts a gRPC server with the given services and the standard grpc.health.v1 service, each
 * service reported SERVING once bound, and each dependency as it is now and on every change.
 * Port 0 picks a free port (tests).
 */
export async function startGrpcServer(
  address: string,
  services: ServiceRegistration[],
  logger: Logger,
  options: GrpcServerOptions = {},
): Promise<RunningGrpcServer> {
  const server = new Server({ 'grpc.max_receive_message_length': options.receiveMessageBytesMax ?? RECEIVE_MESSAGE_BYTES_DEFAULT })
  const statuses = Object.fromEntries(services.map((s) => [s.name, 'NOT_SERVING' as const]))
  const health = new HealthImplementation({ '': 'NOT_SERVING', ...statuses })
  health.addToServer(server)
  for (const service of services) server.addService(service.definition, service.implementation)

  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(address, ServerCredentials.createInsecure(), (err, bound) => (err ? reject(err) : resolve(bound))),
  )
  for (const name of ['', ...services.map((s) => s.name)]) health.setStatus(name, 'SERVING')
  let isShutDown = false
  for (const dependency of options.dependencies ?? []) {
    const report = (serving: boolean) => {
      if (!isShutDown) health.setStatus(dependency.name, serving ? 'SERVING' : 'NOT_SERVING')
    }
    report(dependency.serving())
    dependency.onChange(report)
  }
  logger.info({ address, port, services: services.map((s) => s.name) }, 'gRPC server listening')

  return {
    port,
    shutdown: () =>
      new Promise<void>((resolve) => {
        isShutDown = true
        for (const name of ['', ...services.map((s) => s.name), ...(options.dependencies ?? []).map((d) => d.name)]) health.setStatus(name, 'NOT_SERVING')
        server.tryShutdown(() => resolve())
      }),
  }
}
