import { startGrpcServer, type RunningGrpcServer } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import { PlatformServiceService } from '@pp/proto/platform/v1/platform'
import type { PlatformDb } from '../db/client.js'
import { createSecretHasher } from '../domain/secrets.js'
import { platformService } from './platform-service.js'

export interface PlatformServerOptions {
  /** host:port; port 0 picks a free one (tests). */
  address: string
  db: PlatformDb
  logger: Logger
  /** scrypt cost of new token secrets, as log2 of N. */
  secretCostLog2: number
  now?: () => Date
}

/** The platform gRPC server over an existing database client; main.ts and tests both start it here. */
export function startPlatformServer(options: PlatformServerOptions): Promise<RunningGrpcServer> {
  const deps = { db: options.db, secrets: createSecretHasher(options.secretCostLog2), now: options.now ?? (() => new Date()) }
  return startGrpcServer(
    options.address,
    [{ name: 'platform.v1.PlatformService', definition: PlatformServiceService, implementation: platformService(deps, options.logger) }],
    options.logger,
  )
}
