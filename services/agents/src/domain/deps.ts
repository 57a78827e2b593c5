import type { AgentsDb } from '../db/client.js'
import type { AgentServices } from './services.js'

/** What the agent use cases need; tests pass their own clock and services. */
export interface AgentDeps {
  db: AgentsDb
  services: AgentServices
  now: () => Date
  /** How long a new device code can be redeemed. */
  deviceCodeTtlMs: number
}
