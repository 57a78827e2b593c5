import { startGrpcServer, type DependencyCheck, type RunningGrpcServer } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import { AgentsServiceService } from '@pp/proto/agents/v1/agents'
import type { AgentDeps } from '../domain/deps.js'
import { agentsService } from './agents-service.js'
import { agentsCallers } from './callers.js'

export interface AgentsServerOptions {
  /** host:port; port 0 picks a free one (tests). */
  address: string
  /** The agents' use cases' database, clock and the services they call. */
  agents: AgentDeps
  logger: Logger
  /** What health reports beside the service (NATS). */
  dependencies?: DependencyCheck[]
}

/** The agents gRPC server over an existing database client; main.ts and tests both start it here. */
export function startAgentsServer(options: AgentsServerOptions): Promise<RunningGrpcServer> {
  return startGrpcServer(
    options.address,
    [{ name: 'agents.v1.AgentsService', definition: AgentsServiceService, implementation: agentsService(options.agents, options.logger) }],
    options.logger,
    { dependencies: options.dependencies, callers: agentsCallers },
  )
}
