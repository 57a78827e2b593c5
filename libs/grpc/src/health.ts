import { credentials, loadPackageDefinition, type Client } from '@grpc/grpc-js'
import { protoPath } from 'grpc-health-check'
import { loadSync } from '@grpc/proto-loader'

interface HealthClient extends Client {
  check(
    request: { service: string },
    options: { deadline: number },
    callback: (err: Error | null, response?: { status: string }) => void,
  ): void
}

/** Asks a server's standard health service whether `service` ('' for the whole server) is SERVING. */
export function checkHealth(address: string, service = '', deadlineMs = 1_000): Promise<boolean> {
  const definition = loadPackageDefinition(loadSync(protoPath, { keepCase: true, enums: String })) as unknown as {
    grpc: { health: { v1: { Health: new (address: string, creds: unknown) => HealthClient } } }
  }
  const client = new definition.grpc.health.v1.Health(address, credentials.createInsecure())
  return new Promise((resolve) => {
    client.check({ service }, { deadline: Date.now() + deadlineMs }, (err, response) => {
      client.close()
      resolve(!err && response?.status === 'SERVING')
    })
  })
}
