import { status as GrpcCode, type Server, type ServerUnaryCall, type ServerWritableStream, type sendUnaryData } from '@grpc/grpc-js'
import { service as healthServiceDefinition } from 'grpc-health-check'

type ServingStatus = 'SERVING' | 'NOT_SERVING'

/**
 * Something the process needs to do its work (NATS, its Postgres): the health service reports it
 * under its own name, and `readiness` is SERVING only while every one is. Those that only a probe
 * can tell (a database answers or it does not) have `probe`, run when a health check asks, never
 * on a timer of their own.
 */
export interface DependencyCheck {
  readonly name: string
  serving(): boolean
  onChange(listener: (serving: boolean) => void): void
  probe?(): Promise<void>
}

/** The name Kubernetes' readiness probe asks for: every dependency serving. */
export const READINESS = 'readiness'

interface HealthRequest {
  service: string
}

/**
 * grpc.health.v1.Health with three kinds of names: '' is liveness (the process answers and is not
 * shutting down), each gRPC service and dependency its own status, and `readiness` the dependencies
 * together. A check of `readiness` or of a dependency probes first, so it says how things are now.
 */
export class HealthService {
  private readonly statuses = new Map<string, ServingStatus>()
  private readonly watchers = new Map<string, Set<(status: ServingStatus) => void>>()
  private isShutDown = false

  constructor(
    private readonly serviceNames: string[],
    private readonly dependencies: DependencyCheck[],
  ) {
    for (const name of ['', READINESS, ...serviceNames]) this.statuses.set(name, 'NOT_SERVING')
    for (const dependency of dependencies) {
      this.statuses.set(dependency.name, 'NOT_SERVING')
      dependency.onChange(() => this.reportDependencies())
    }
  }

  addToServer(server: Server): void {
    server.addService(healthServiceDefinition, {
      check: (call: ServerUnaryCall<HealthRequest, unknown>, callback: sendUnaryData<unknown>) => {
        const name = call.request.service
        this.refresh(name).then(() => {
          const status = this.statuses.get(name)
          if (status) callback(null, { status })
          else callback({ code: GrpcCode.NOT_FOUND, details: `Health status unknown for service ${name}` })
        }, () => callback(null, { status: 'NOT_SERVING' }))
      },
      watch: (call: ServerWritableStream<HealthRequest, unknown>) => {
        const name = call.request.service
        const watcher = (status: ServingStatus) => call.write({ status })
        const watchers = this.watchers.get(name) ?? new Set()
        watchers.add(watcher)
        this.watchers.set(name, watchers)
        call.on('cancelled', () => watchers.delete(watcher))
        call.write({ status: this.statuses.get(name) ?? 'SERVICE_UNKNOWN' })
      },
    })
  }

  /** The port is bound: liveness and every gRPC service SERVING, readiness as the dependencies are. */
  serve(): void {
    for (const name of ['', ...this.serviceNames]) this.set(name, 'SERVING')
    this.reportDependencies()
  }

  /** Shutting down: everything NOT_SERVING from now on, so probes and balancers stop sending calls. */
  shutDown(): void {
    this.isShutDown = true
    for (const name of this.statuses.keys()) this.set(name, 'NOT_SERVING')
  }

  private async refresh(name: string): Promise<void> {
    const probed = name === READINESS ? this.dependencies : this.dependencies.filter((d) => d.name === name)
    await Promise.all(probed.map((d) => d.probe?.()))
    this.reportDependencies()
  }

  private reportDependencies(): void {
    if (this.isShutDown || this.statuses.get('') !== 'SERVING') return
    for (const dependency of this.dependencies) this.set(dependency.name, dependency.serving() ? 'SERVING' : 'NOT_SERVING')
    this.set(READINESS, this.dependencies.every((d) => d.serving()) ? 'SERVING' : 'NOT_SERVING')
  }

  private set(name: string, status: ServingStatus): void {
    if (this.statuses.get(name) === status) return
    this.statuses.set(name, status)
    for (const watcher of this.watchers.get(name) ?? []) watcher(status)
  }
}
