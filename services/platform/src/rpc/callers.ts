import type { CallerTable } from '@pp/grpc'

/**
 * Who may call each method of the platform service, by identity (see CallerTable in @pp/grpc and
 * the identities in README's "Identities and authorization"). Each list names every process
 * whose code calls the method (its gRPC clients, found by their calls): a service calling a
 * method it is not listed for is refused with FORBIDDEN. `admin` is served on the operator
 * port only.
 */
export const platformCallers: CallerTable = {
  '/platform.v1.PlatformOperatorService/CreatePlatform': ['admin'],
  '/platform.v1.PlatformOperatorService/ListPlatforms': ['admin'],
  // the operator audit log: every `pnpm admin` command records itself
  '/platform.v1.PlatformOperatorService/RecordOperatorAction': ['admin'],
  '/platform.v1.PlatformOperatorService/ListOperatorActions': ['admin'],
  // only the gateway acts for a platform
  '/platform.v1.PlatformService/AuthenticateCredentials': ['gateway'],
  // bootstrap (pnpm start, the tests): it issues all-permission tokens
  '/platform.v1.PlatformService/EnsurePlatform': ['admin'],
  '/platform.v1.PlatformService/GetPlatformConfig': ['gateway', 'webhooks'],
  '/platform.v1.PlatformService/GetPlatformFacts': ['customers', 'ledger', 'payments'],
  '/platform.v1.PlatformService/UpdatePlatformConfig': ['gateway'],
  // the API, and `pnpm admin tokens` on the operator port
  '/platform.v1.PlatformService/CreateToken': ['gateway', 'admin'],
  '/platform.v1.PlatformService/ListTokens': ['gateway', 'admin'],
  '/platform.v1.PlatformService/GetToken': ['gateway'],
  '/platform.v1.PlatformService/DeleteToken': ['gateway', 'admin'],
}
