import { findOwedActions, oldestOwedSince } from '../db/agents.db.js'
import { executeAction } from './actions.js'
import type { AgentDeps } from './deps.js'

const BATCH = 50

/**
 * Finishes the executions a crash or an outage left owed: an approved action whose payment was
 * not answered is executed again with the same Idempotency-Key (its id), so payments moves the
 * money at most once and the action ends APPROVED or FAILED. An execution is only taken once it
 * is `graceMs` old, so the request that started it has had its chance. Answers when the next owed
 * one falls due, for the wake loop.
 */
export async function resumeOwedActions(deps: AgentDeps, graceMs: number, onFailure: (actionId: string, err: unknown) => void): Promise<Date | undefined> {
  const owed = await findOwedActions(deps.db, new Date(deps.now().getTime() - graceMs), BATCH)
  for (const action of owed) {
    const caller = { platformId: action.platformId, environment: action.environment, requestId: `agent-recovery:${action.id}` }
    await executeAction(deps, caller, action).catch((err: unknown) => onFailure(action.id, err))
  }
  const oldest = await oldestOwedSince(deps.db)
  return oldest && new Date(Math.max(oldest.getTime() + graceMs, deps.now().getTime() + graceMs / 10))
}
