import { startGrpcServer, type DependencyCheck, type RunningGrpcServer } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import { WalletAuthServiceService } from '@pp/proto/wallet_auth/v1/wallet_auth'
import type { WalletAuthDeps } from '../domain/deps.js'
import { walletAuthCallers } from './callers.js'
import { walletAuthService } from './wallet-auth-service.js'

/** Serves wallet_auth.v1.WalletAuthService (and health, with `dependencies`) on `address`; port 0 picks a free port. */
export function startWalletAuthServer(
  address: string,
  deps: WalletAuthDeps,
  logger: Logger,
  dependencies: DependencyCheck[] = [],
): Promise<RunningGrpcServer> {
  return startGrpcServer(
    address,
    [{ name: 'wallet_auth.v1.WalletAuthService', definition: WalletAuthServiceService, implementation: walletAuthService(deps, logger) }],
    logger,
    { dependencies, callers: walletAuthCallers },
  )
}
