import { ApiError, invalidInput } from '@pp/errors'
import { decodeCursor, keysetPage, pageLimit, type Page } from '@pp/paging'
import { findAction, listActions, type ActionFilter } from '../db/agents.db.js'
import type { Caller, Tenant } from '@pp/tenancy'
import { approveAction, mustFindAction, rejectAction } from './actions.js'
import type { AgentDeps } from './deps.js'
import { mustFindAgent } from './manage-agents.js'
import { ACTION_STATUSES, type AgentAction } from './types.js'
import { actionView } from './view.js'

export interface ActionListQuery {
  limit: number
  cursor?: string
  sortOrder?: string
}

async function actionPage(deps: AgentDeps, tenant: Tenant, filter: ActionFilter, query: ActionListQuery): Promise<Page<ReturnType<typeof actionView>>> {
  const limit = pageLimit(query.limit)
  if (query.sortOrder !== undefined && query.sortOrder !== 'asc' && query.sortOrder !== 'desc') {
    throw invalidInput([{ field: 'sortOrder', message: 'must be asc or desc', constraint: { enum: ['asc', 'desc'] } }])
  }
  if (filter.status !== undefined && !(ACTION_STATUSES as readonly string[]).includes(filter.status)) {
    throw invalidInput([{ field: 'status', message: 'not an agent action status', constraint: { enum: [...ACTION_STATUSES] } }])
  }
  const after = query.cursor ? decodeCursor(query.cursor) : undefined
  const { rows, totalCount } = await listActions(deps.db, tenant, filter, after, limit + 1, query.sortOrder === 'asc')
  return keysetPage(rows, limit, totalCount, actionView)
}

/** The agent's own actions, newest first. */
export const listAgentActions = (deps: AgentDeps, tenant: Tenant, agentId: string, query: ActionListQuery & { status?: string }) =>
  actionPage(deps, tenant, { agentId, status: query.status }, query)

/** Actions waiting for the platform's approval, across its agents or narrowed to one agent or customer. */
export const listApprovals = (deps: AgentDeps, tenant: Tenant, query: ActionListQuery & Omit<ActionFilter, 'status'>) =>
  actionPage(deps, tenant, { agentId: query.agentId, customerId: query.customerId, createdAfter: query.createdAfter, createdBefore: query.createdBefore, status: 'PENDING_APPROVAL' }, query)

/** POST /agents/{agentId}/actions/{actionId}/approve: the action as it ends (APPROVED with its transaction, or FAILED). */
export async function approveAgentAction(deps: AgentDeps, caller: Caller, agentId: string, actionId: string): Promise<AgentAction> {
  await mustFindAgent(deps, caller, agentId)
  return (await approveAction(deps, caller, await mustFindAction(deps, caller, agentId, actionId))).action
}

export async function rejectAgentAction(deps: AgentDeps, caller: Caller, agentId: string, actionId: string, reason: string | undefined): Promise<AgentAction> {
  return rejectAction(deps, caller, await mustFindAction(deps, caller, agentId, actionId), reason)
}

/**
 * POST /transactions/{id}/approve|reject for the transaction an agent action will create: approved,
 * the executed transaction (or the refusal that failed it); rejected, the action (no transaction
 * was ever created). Undefined when no agent action has that transaction.
 */
export async function decideAgentTransaction(
  deps: AgentDeps,
  caller: Caller,
  transactionId: string,
  decision: { approve: boolean; reason?: string },
): Promise<string | undefined> {
  const action = await findAction(deps.db, { transactionId, platformId: caller.platformId, environment: caller.environment })
  if (!action) return undefined
  if (action.status !== 'PENDING_APPROVAL') {
    throw new ApiError('TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', `Transaction ${transactionId} is not pending platform approval`, { actionStatus: action.status })
  }
  if (!decision.approve) return JSON.stringify(actionView(await rejectAction(deps, caller, action, decision.reason)))
  const { action: approved, refusal } = await approveAction(deps, caller, action)
  if (refusal) throw refusal
  return approved.transactionJson ?? (await deps.services.transaction(caller, transactionId))
}
