import { startGrpcServer, type DependencyCheck, type RunningGrpcServer, type ServiceRegistration } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import { InternalAccountsServiceService } from '@pp/proto/ledger/v1/internal_accounts'
import { ExternalAccountsServiceService } from '@pp/proto/ledger/v1/external_accounts'
import { IssuedTokensServiceService } from '@pp/proto/ledger/v1/issued_tokens'
import { LedgerServiceService } from '@pp/proto/ledger/v1/ledger'
import type { LedgerDeps } from '../domain/deps.js'
import { ledgerCallers } from './callers.js'
import { externalAccountsService } from './external-accounts-service.js'
import { internalAccountsService } from './internal-accounts-service.js'
import { issuedTokensService } from './issued-tokens-service.js'
import { ledgerService } from './ledger-service.js'

/**
 * Every gRPC service this process serves, one registration each; a new area of the ledger adds
 * its line here.
 */
export const ledgerServiceRegistrations = (deps: LedgerDeps, logger: Logger): ServiceRegistration[] => [
  { name: 'ledger.v1.LedgerService', definition: LedgerServiceService, implementation: ledgerService(deps, logger) },
  {
    name: 'ledger.v1.InternalAccountsService',
    definition: InternalAccountsServiceService,
    implementation: internalAccountsService(deps, logger),
  },
  {
    name: 'ledger.v1.ExternalAccountsService',
    definition: ExternalAccountsServiceService,
    implementation: externalAccountsService(deps.externalAccounts, logger),
  },
  { name: 'ledger.v1.IssuedTokensService', definition: IssuedTokensServiceService, implementation: issuedTokensService(deps, logger) },
]

/**
 * Serves the given services (and health, with `dependencies`) on `address`, the operators' methods
 * on `operatorAddress` when given; port 0 picks a free port.
 */
export function startLedgerServer(
  address: string,
  registrations: ServiceRegistration[],
  logger: Logger,
  dependencies: DependencyCheck[] = [],
  operatorAddress?: string,
): Promise<RunningGrpcServer> {
  return startGrpcServer(address, registrations, logger, { dependencies, callers: ledgerCallers, operatorAddress })
}
