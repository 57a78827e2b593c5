import type { CallerTable } from '@pp/grpc'

/**
 * Who may call each method of the stablecoins service, by identity (see CallerTable in @pp/grpc and
 * the identities in README's "Identities and authorization"). Each list names every process
 * whose code calls the method (its gRPC clients, found by their calls): a service calling a
 * method it is not listed for is refused with FORBIDDEN. `admin` is served on the operator
 * port only.
 */
export const stablecoinsCallers: CallerTable = {
  '/stablecoins.v1.StablecoinsOperatorService/SetServiceOperationsStatus': ['admin'],
  '/stablecoins.v1.StablecoinsService/LinkProviderAccount': ['gateway'],
  '/stablecoins.v1.StablecoinsService/ListProviderAccounts': ['gateway'],
  '/stablecoins.v1.StablecoinsService/GetProviderAccount': ['gateway'],
  '/stablecoins.v1.StablecoinsService/RegisterStablecoin': ['gateway'],
  '/stablecoins.v1.StablecoinsService/ListStablecoins': ['gateway'],
  '/stablecoins.v1.StablecoinsService/GetStablecoin': ['gateway'],
  '/stablecoins.v1.StablecoinsService/RequestServiceEnablement': ['gateway'],
  '/stablecoins.v1.StablecoinsService/CreateMint': ['gateway'],
  '/stablecoins.v1.StablecoinsService/CreateBurn': ['gateway'],
  '/stablecoins.v1.StablecoinsService/ListOperations': ['gateway'],
  '/stablecoins.v1.StablecoinsService/GetOperation': ['gateway'],
}
