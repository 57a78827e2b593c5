import { loadPackageDefinition, type Client } from '@grpc/grpc-js'
import { protoPath } from 'grpc-health-check'
import { loadSync } from '@grpc/proto-loader'
import { channelOptionsFor } from './client.js'
import { clientCredentials } from './transport.js'

interface HealthStub extends Client {
  check(
    request: { service: string },
    options: { deadline: number },
    callback: (err: Error | null, response?: { status: string }) => void,
  ): void
}

type HealthCtor = new (address: string, creds: unknown, options?: object) => HealthStub

let healthCtor: HealthCtor | undefined
/** The health service's client class, built from its proto once per process. */
function healthClass(): HealthCtor {
  healthCtor ??= (
    loadPackageDefinition(loadSync(protoPath, { keepCase: true, enums: String })) as unknown as {
      grpc: { health: { v1: { Health: HealthCtor } } }
    }
  ).grpc.health.v1.Health
  return healthCtor
}

export interface HealthClient {
  /** Whether `service` ('' liveness, `readiness`, a gRPC service or dependency) is SERVING on a replica. */
  isServing(service: string, deadlineMs?: number): Promise<boolean>
  close(): void
}

/** A long-lived health client on a balanced channel, as the other clients of a process are. */
export function healthClient(address: string): HealthClient {
  const client = new (healthClass())(address, clientCredentials(), channelOptionsFor(address))
  return {
    isServing: (service, deadlineMs = 1_000) =>
      new Promise((resolve) => {
        client.check({ service }, { deadline: Date.now() + deadlineMs }, (err, response) => resolve(!err && response?.status === 'SERVING'))
      }),
    close: () => client.close(),
  }
}

/** Asks a server's standard health service once whether `service` ('' for liveness) is SERVING. */
export async function checkHealth(address: string, service = '', deadlineMs = 1_000): Promise<boolean> {
  const client = healthClient(address)
  try {
    return await client.isServing(service, deadlineMs)
  } finally {
    client.close()
  }
}
