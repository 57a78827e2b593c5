import { resolveHost, type ResolveHost } from '@pp/egress'
import { startGrpcServer, type DependencyCheck, type RunningGrpcServer } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import { PlatformOperatorServiceService } from '@pp/proto/platform/v1/operator'
import { PlatformServiceService } from '@pp/proto/platform/v1/platform'
import type { PlatformDb } from '../db/client.js'
import { createSecretHasher } from '../domain/secrets.js'
import { ProvenSecrets } from '../domain/tokens/proven-secrets.js'
import { VerificationBudget, type VerificationBudgetOptions } from '../domain/tokens/verification-budget.js'
import { platformCallers } from './callers.js'
import { platformOperatorService } from './operator-service.js'
import { platformService } from './platform-service.js'

export interface PlatformServerOptions {
  /** host:port; port 0 picks a free one (tests). */
  address: string
  db: PlatformDb
  logger: Logger
  /** scrypt cost of new token secrets, as log2 of N. */
  secretCostLog2: number
  /** The secret verifications one API token may cause. */
  verificationBudget: Pick<VerificationBudgetOptions, 'perSecond' | 'burst' | 'concurrent'>
  now?: () => Date
  /** Resolves webhook endpoints' hosts; DNS unless a test names its own. */
  resolveHost?: ResolveHost
  /** Local development only: a sandbox webhookEndpoint may be on loopback. */
  webhookLoopbackAllowed: boolean
  /** What health reports beside the service (NATS). */
  dependencies?: DependencyCheck[]
  /** Where the operators' methods are served (OPERATOR_GRPC_ADDRESS); on `address` when absent (tests). */
  operatorAddress?: string
}

// An allowance or a digest is a few dozen bytes. Beyond this many tokens, the least recently
// used idle one starts again with a full budget and its next right secret costs one scrypt.
const TRACKED_TOKENS_MAX = 100_000

/** The platform gRPC server over an existing database client; main.ts and tests both start it here. */
export function startPlatformServer(options: PlatformServerOptions): Promise<RunningGrpcServer> {
  const deps = {
    db: options.db,
    secrets: createSecretHasher(options.secretCostLog2),
    verifications: new VerificationBudget({ ...options.verificationBudget, maxTokens: TRACKED_TOKENS_MAX }),
    provenSecrets: new ProvenSecrets(TRACKED_TOKENS_MAX),
    now: options.now ?? (() => new Date()),
    resolveHost: options.resolveHost ?? resolveHost,
    webhookLoopbackAllowed: options.webhookLoopbackAllowed,
  }
  return startGrpcServer(
    options.address,
    [
      { name: 'platform.v1.PlatformService', definition: PlatformServiceService, implementation: platformService(deps, options.logger) },
      { name: 'platform.v1.PlatformOperatorService', definition: PlatformOperatorServiceService, implementation: platformOperatorService(deps, options.logger) },
    ],
    options.logger,
    { dependencies: options.dependencies, callers: platformCallers, operatorAddress: options.operatorAddress },
  )
}
