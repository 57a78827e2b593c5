/**
 * The services of the mesh. `pnpm start`, the compose file check and the deploy manifests all
 * follow this list: a new service joins by adding one entry (and its compose and deploy entries,
 * which the compose test then insists on).
 */
export interface MeshService {
  /** Folder under services/, database name and compose service name. */
  name: string
  grpcPort: number
  /** Where its operators' methods are served (OPERATOR_GRPC_ADDRESS), for the services that have any. */
  operatorPort?: number
}

export const meshServices: MeshService[] = [
  { name: 'platform', grpcPort: 50051, operatorPort: 51051 },
  { name: 'customers', grpcPort: 50052, operatorPort: 51052 },
  { name: 'ledger', grpcPort: 50053, operatorPort: 51053 },
  { name: 'payments', grpcPort: 50054, operatorPort: 51054 },
  { name: 'webhooks', grpcPort: 50055, operatorPort: 51055 },
  { name: 'wallet-auth', grpcPort: 50056 },
  { name: 'cards', grpcPort: 50057 },
  { name: 'stablecoins', grpcPort: 50058, operatorPort: 51058 },
  { name: 'agents', grpcPort: 50059 },
]

/**
 * Every identity of the mesh (@pp/identity): each service by its name, the gateway, and the
 * operator CLI's `admin`, which the scripts that seed and the tests' own calls use too.
 */
export const meshIdentities = [...meshServices.map((s) => s.name), 'gateway', 'admin']

export const GATEWAY_PORT_DEFAULT = 3000
export const API_VERSION = '2025-10-13'

export const serviceEntry = (service: MeshService): string => `services/${service.name}/src/main.ts`

/** `PLATFORM_GRPC_ADDRESS` for `platform`: how every process finds a service. */
export const grpcAddressVariable = (service: MeshService): string =>
  `${service.name.toUpperCase().replace(/-/g, '_')}_GRPC_ADDRESS`

/** `PLATFORM_OPERATOR_GRPC_ADDRESS` for `platform`: how the admin CLI finds a service's operator port. */
export const operatorAddressVariable = (service: MeshService): string => grpcAddressVariable(service).replace(/_GRPC_ADDRESS$/, '_OPERATOR_GRPC_ADDRESS')

/** The gRPC address of every service, for the processes that call them. */
export const grpcAddressEnv = (host: (service: MeshService) => string): Record<string, string> =>
  Object.fromEntries(meshServices.map((s) => [grpcAddressVariable(s), `${host(s)}:${s.grpcPort}`]))
