/**
 * The services of the mesh. `pnpm start`, the compose file check and the deploy manifests all
 * follow this list: a new service joins by adding one entry (and its compose and deploy entries,
 * which the compose test then insists on).
 */
export interface MeshService {
  /** Folder under services/, database name and compose service name. */
  name: string
  grpcPort: number
}

export const meshServices: MeshService[] = [
  { name: 'platform', grpcPort: 50051 },
  { name: 'customers', grpcPort: 50052 },
  { name: 'ledger', grpcPort: 50053 },
  { name: 'payments', grpcPort: 50054 },
  { name: 'webhooks', grpcPort: 50055 },
  { name: 'wallet-auth', grpcPort: 50056 },
  { name: 'cards', grpcPort: 50057 },
  { name: 'stablecoins', grpcPort: 50058 },
]

export const GATEWAY_PORT_DEFAULT = 3000
export const API_VERSION = '2025-10-13'

export const serviceEntry = (service: MeshService): string => `services/${service.name}/src/main.ts`

/** `PLATFORM_GRPC_ADDRESS` for `platform`: how every process finds a service. */
export const grpcAddressVariable = (service: MeshService): string =>
  `${service.name.toUpperCase().replace(/-/g, '_')}_GRPC_ADDRESS`

/** The gRPC address of every service, for the processes that call them. */
export const grpcAddressEnv = (host: (service: MeshService) => string): Record<string, string> =>
  Object.fromEntries(meshServices.map((s) => [grpcAddressVariable(s), `${host(s)}:${s.grpcPort}`]))
