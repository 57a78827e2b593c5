import { ApiError, isApiError } from '@pp/errors'
import { inTransaction, isUniqueViolation } from '@pp/db'
import { newId } from '@pp/ids'
import type { Caller } from '@pp/tenancy'
import type { Tx } from '../db/client.js'
import { findAction, findActionByKey, insertAction, lockAgent, moveAction, releaseUsage, writeUsage } from '../db/agents.db.js'
import { recordEvent } from '../events/outbox.js'
import type { Tenant } from '@pp/tenancy'
import type { AgentDeps } from './deps.js'
import { periodsOf, requireAllowedAccount, requirePermissions, weighSpend } from './policy.js'
import type { QuoteFacts } from './deps.js'
import type { ActionType, AgentAction, AgentPermission, TransferDetails } from './types.js'
import { actionView } from './view.js'

/** What an agent asks to do: execute one payments quote (its own, or one made for a transfer). */
export interface ActionDraft {
  type: ActionType
  quote: { json: string; facts: QuoteFacts }
  /** The customer's internal account the money leaves or reaches, when one does: its policy rules apply. */
  internalAccountId?: string
  transferDetails: TransferDetails | null
  permissions: AgentPermission[]
}

/** An Idempotency-Key and a digest of the request it first came with. */
export interface ActionKey {
  key: string
  requestHash: string
}

/** The answer already given for this key, if any; the same key with another request is refused. */
export async function replayedAction(deps: AgentDeps, agentId: string, key: ActionKey | undefined): Promise<AgentAction | undefined> {
  if (!key) return undefined
  const earlier = await findActionByKey(deps.db, agentId, key.key)
  if (earlier && earlier.requestHash !== key.requestHash) {
    throw new ApiError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request')
  }
  return earlier
}

const recordActionEvent = (tx: Tx, caller: Tenant & { requestId?: string }, action: AgentAction) =>
  recordEvent(tx, caller, `AGENT_ACTION.${action.status}`, actionView(action))

/**
 * Records the action under the agent's policy in one transaction: the agent's row is locked, the
 * policy weighs the spend against the usage it reads, and the reservation, the action and (when it
 * waits for approval) its event are written together. An action the policy lets through is then
 * executed at once; one over an approval threshold waits, and no money moves until approved.
 */
export async function submitAction(deps: AgentDeps, caller: Caller, agentId: string, draft: ActionDraft, key: ActionKey | undefined): Promise<AgentAction> {
  const now = deps.now()
  const { day, month } = periodsOf(now)
  const facts = draft.quote.facts
  let action: AgentAction
  try {
    action = await inTransaction(deps.db, async (tx) => {
      const agent = await lockAgent(tx, caller, agentId)
      if (!agent) throw new ApiError('UNAUTHORIZED', 'The agent was deleted')
      if (agent.isPaused) throw new ApiError('FORBIDDEN', 'The agent is paused')
      requirePermissions(agent.policy, ...draft.permissions)
      if (draft.internalAccountId) requireAllowedAccount(agent.policy, draft.internalAccountId)
      const spend = { amount: facts.totalSendingAmount, currency: facts.sendingCurrency, internalAccountId: draft.internalAccountId ?? '' }
      const verdict = weighSpend(agent.policy, agent.usage, spend, now)
      await writeUsage(tx, agentId, verdict.usage)
      const pending = verdict.execution === 'APPROVAL_REQUIRED'
      const inserted = await insertAction(tx, {
        id: newId('AgentAction'),
        agentId,
        platformId: caller.platformId,
        environment: caller.environment,
        customerId: agent.customerId,
        platformCustomerId: agent.platformCustomerId,
        type: draft.type,
        status: pending ? 'PENDING_APPROVAL' : 'APPROVED',
        quoteId: facts.id,
        transactionId: facts.transactionId,
        transferDetails: draft.transferDetails,
        quoteJson: draft.quote.json,
        amount: facts.totalSendingAmount,
        reservedDay: day,
        reservedMonth: month,
        executingSince: pending ? null : now,
        idempotencyKey: key?.key ?? null,
        requestHash: key?.requestHash ?? null,
        createdAt: now,
      })
      // an approved action is announced once executed, with its transaction
      if (pending) await recordActionEvent(tx, caller, inserted)
      return inserted
    })
  } catch (err) {
    if (!isUniqueViolation(err)) throw err
    // a concurrent twin won: the same key answers what it answered, another request for the quote is refused
    const replay = await replayedAction(deps, agentId, key)
    if (replay) return replay
    throw new ApiError('CONFLICT', `Quote ${facts.id} was already submitted for execution`, { quoteId: facts.id })
  }
  if (action.status !== 'APPROVED') return action
  const { action: executed, refusal } = await executeAction(deps, caller, action)
  if (refusal) throw refusal
  return executed
}

/**
 * Executes an approved action's quote through payments, with the action id as the Idempotency-Key
 * so that a retry (after a crash or a lost answer) moves the money once. A refusal (insufficient
 * funds, an expired quote) fails the action and gives its reservation back; a transient failure
 * leaves it owed, for `resumeOwedActions`.
 */
export async function executeAction(deps: AgentDeps, caller: Caller, action: AgentAction): Promise<{ action: AgentAction; refusal?: ApiError }> {
  const ctx = { platformId: action.platformId, environment: action.environment, requestId: caller.requestId, idempotencyKey: action.id }
  try {
    await deps.services.executeQuote(ctx, action.quoteId)
  } catch (err) {
    // unanswered, or answered "still running": the execution stays owed (see resumeOwedActions)
    if (!isApiError(err) || err.status >= 500 || err.code === 'REQUEST_IN_PROGRESS') throw err
    return { action: await finishAction(deps, caller, action, 'FAILED', { rejectionReason: err.message }), refusal: err }
  }
  const transactionJson = await deps.services.transaction(ctx, action.transactionId)
  return { action: await finishAction(deps, caller, action, 'APPROVED', { transactionJson }) }
}

/** Ends an owed execution once; whoever ends it first writes the outcome and its event. */
async function finishAction(
  deps: AgentDeps,
  caller: Caller,
  action: AgentAction,
  status: 'APPROVED' | 'FAILED',
  outcome: { transactionJson?: string; rejectionReason?: string },
): Promise<AgentAction> {
  return inTransaction(deps.db, async (tx) => {
    const moved = await moveAction(tx, action.id, { status: 'APPROVED', executing: true }, { status, ...outcome, executingSince: null }, deps.now())
    if (!moved) return (await findAction(tx, { id: action.id, platformId: action.platformId, environment: action.environment })) ?? action
    if (status === 'FAILED') await releaseUsage(tx, moved)
    await recordActionEvent(tx, { ...caller, platformId: action.platformId, environment: action.environment }, moved)
    return moved
  })
}

const actionNotFound = (actionId: string) => new ApiError('NOT_FOUND', `Agent action ${actionId} not found`, { actionId })

export async function mustFindAction(deps: AgentDeps, tenant: Tenant, agentId: string, actionId: string): Promise<AgentAction> {
  const action = await findAction(deps.db, { id: actionId, agentId, platformId: tenant.platformId, environment: tenant.environment })
  if (!action) throw actionNotFound(actionId)
  return action
}

const notPending = (action: AgentAction) =>
  new ApiError('CONFLICT', `Agent action ${action.id} is ${action.status}, not PENDING_APPROVAL`, { status: action.status })

/** The platform approves: the action's quote executes now (or the action fails, e.g. its quote expired). */
export async function approveAction(deps: AgentDeps, caller: Caller, action: AgentAction): Promise<{ action: AgentAction; refusal?: ApiError }> {
  const approved = await inTransaction(deps.db, (tx) =>
    moveAction(tx, action.id, { status: 'PENDING_APPROVAL' }, { status: 'APPROVED', executingSince: deps.now() }, deps.now()),
  )
  if (!approved) throw notPending(await mustFindAction(deps, caller, action.agentId, action.id))
  return executeAction(deps, caller, approved)
}

/** The platform rejects: nothing executes, the reservation is given back. */
export async function rejectAction(deps: AgentDeps, caller: Caller, action: AgentAction, reason: string | undefined): Promise<AgentAction> {
  return inTransaction(deps.db, async (tx) => {
    const rejected = await moveAction(tx, action.id, { status: 'PENDING_APPROVAL' }, { status: 'REJECTED', rejectionReason: reason }, deps.now())
    if (!rejected) throw notPending((await findAction(tx, { id: action.id, platformId: caller.platformId, environment: caller.environment })) ?? action)
    await releaseUsage(tx, rejected)
    await recordActionEvent(tx, caller, rejected)
    return rejected
  })
}
