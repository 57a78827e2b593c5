import { ApiError, invalidInput, isApiError } from '@pp/errors'
import { inTransaction } from '@pp/db'
import { decodeCursor, keysetPage, pageLimit, type Page } from '@pp/paging'
import { newId } from '@pp/ids'
import type { Caller } from '@pp/tenancy'
import type { Tx } from '../db/client.js'
import {
  findAgent,
  findDeviceCode,
  insertAgent,
  listAgents as listAgentRows,
  liveAgentIdsOfCustomer,
  replaceDeviceCode,
  revokeAgentTokens,
  updateAgent as updateAgentRow,
  type AgentChange,
  type AgentFilter,
} from '../db/agents.db.js'
import { recordEvent } from '../events/outbox.js'
import { AgentsEventType, type AgentEventData } from '../events/types.js'
import type { Tenant } from '@pp/tenancy'
import { hashSecret, isDeviceCode, newDeviceCode } from './credentials.js'
import type { AgentDeps } from './deps.js'
import { assertPolicy, mergePolicy, periodsOf } from './policy.js'
import type { Agent, AgentPolicy, AgentPolicyUpdate } from './types.js'
import { agentView, deviceCodeView } from './view.js'

const NAME_LENGTH_MAX = 255

export const agentNotFound = (agentId: string) => new ApiError('NOT_FOUND', `Agent ${agentId} not found`, { agentId })

export async function mustFindAgent(deps: AgentDeps, tenant: Tenant, agentId: string): Promise<Agent> {
  const agent = await findAgent(deps.db, tenant, agentId)
  if (!agent) throw agentNotFound(agentId)
  return agent
}

function validName(name: string): string {
  const trimmed = name.trim()
  if (trimmed === '' || trimmed.length > NAME_LENGTH_MAX) throw invalidInput([{ field: 'name', message: `must be 1 to ${NAME_LENGTH_MAX} characters` }])
  return trimmed
}

function newCode(deps: AgentDeps, now: Date) {
  const code = newDeviceCode()
  return { code, codeHash: hashSecret(code), expiresAt: new Date(now.getTime() + deps.deviceCodeTtlMs) }
}

/** Tells every gateway to drop what it remembers of the agent's access, in the change's transaction. */
export const announceAgentChange = (tx: Tx, tenant: Tenant, agentId: string): Promise<void> =>
  recordEvent(tx, tenant, AgentsEventType.agentChanged, { agentId } satisfies AgentEventData)

/** The agent and its first device code, which the agent's software redeems for its access token. */
export async function createAgent(deps: AgentDeps, caller: Caller, input: { name: string; customerId: string; policy: AgentPolicy }) {
  const name = validName(input.name)
  const policy = assertPolicy(input.policy)
  const customer = await deps.services.customer(caller, input.customerId)
  const now = deps.now()
  const { code, codeHash, expiresAt } = newCode(deps, now)
  const { day, month } = periodsOf(now)
  const agent = await inTransaction(deps.db, (tx) =>
    insertAgent(tx, {
      id: newId('Agent'),
      platformId: caller.platformId,
      environment: caller.environment,
      customerId: input.customerId,
      platformCustomerId: customer.platformCustomerId,
      name,
      policy,
      usage: { day, dailyCount: 0, dailySpend: 0n, month, monthlySpend: 0n },
      createdAt: now,
      deviceCode: { codeHash, expiresAt },
    }),
  )
  return { agent: agentView(agent, now), deviceCode: deviceCodeView(code, agent.id, expiresAt) }
}

export interface ListAgentsQuery extends AgentFilter {
  limit: number
  cursor?: string
}

export async function listAgents(deps: AgentDeps, tenant: Tenant, query: ListAgentsQuery): Promise<Page<ReturnType<typeof agentView>>> {
  const limit = pageLimit(query.limit)
  const after = query.cursor ? decodeCursor(query.cursor) : undefined
  const { limit: _limit, cursor: _cursor, ...filter } = query
  const { rows, totalCount } = await listAgentRows(deps.db, tenant, filter, after, limit + 1)
  const now = deps.now()
  return keysetPage(rows, limit, totalCount, (a) => agentView(a, now))
}

/** One change of a live agent with its AGENT.CHANGED event; 404 for anything else. */
async function changeAgent(deps: AgentDeps, tenant: Tenant, agentId: string, change: (agent: Agent, tx: Tx) => Promise<AgentChange>): Promise<Agent> {
  return inTransaction(deps.db, async (tx) => {
    const agent = await findAgent(tx, tenant, agentId)
    if (!agent) throw agentNotFound(agentId)
    const updated = await updateAgentRow(tx, tenant, agentId, await change(agent, tx), deps.now())
    if (!updated) throw agentNotFound(agentId)
    await announceAgentChange(tx, tenant, agentId)
    return updated
  })
}

export async function updateAgent(deps: AgentDeps, tenant: Tenant, agentId: string, input: { name?: string; isPaused?: boolean }) {
  const name = input.name === undefined ? undefined : validName(input.name)
  const agent = await changeAgent(deps, tenant, agentId, async () => ({ name, isPaused: input.isPaused }))
  return agentView(agent, deps.now())
}

export async function updateAgentPolicy(deps: AgentDeps, tenant: Tenant, agentId: string, update: AgentPolicyUpdate) {
  const agent = await changeAgent(deps, tenant, agentId, async (current) => ({ policy: mergePolicy(current.policy, update) }))
  return agentView(agent, deps.now())
}

/** Deletes the agent and revokes its access token: its software loses access at once. */
export async function deleteAgent(deps: AgentDeps, tenant: Tenant, agentId: string): Promise<void> {
  const now = deps.now()
  await changeAgent(deps, tenant, agentId, async (_agent, tx) => {
    await revokeAgentTokens(tx, agentId, now)
    return { deletedAt: now, isConnected: false }
  })
}

/**
 * A deleted customer's agents are deleted with it, their tokens revoked and every gateway told:
 * nothing acts for a customer that is gone. An agent deleted meanwhile is already done.
 */
export async function deleteCustomerAgents(deps: AgentDeps, tenant: Tenant, customerId: string): Promise<void> {
  for (const agentId of await liveAgentIdsOfCustomer(deps.db, tenant, customerId)) {
    await deleteAgent(deps, tenant, agentId).catch((err: unknown) => {
      if (!isApiError(err) || err.code !== 'NOT_FOUND') throw err
    })
  }
}

/** A new device code; the agent's earlier unredeemed codes stop working. */
export async function regenerateDeviceCode(deps: AgentDeps, tenant: Tenant, agentId: string) {
  const now = deps.now()
  const { code, codeHash, expiresAt } = newCode(deps, now)
  await inTransaction(deps.db, async (tx) => {
    if (!(await findAgent(tx, tenant, agentId))) throw agentNotFound(agentId)
    await replaceDeviceCode(tx, agentId, { codeHash, expiresAt }, now)
  })
  return deviceCodeView(code, agentId, expiresAt)
}

export async function deviceCodeStatus(deps: AgentDeps, tenant: Tenant, code: string) {
  const row = isDeviceCode(code) ? await findDeviceCode(deps.db, tenant, hashSecret(code)) : null
  if (!row) throw new ApiError('NOT_FOUND', 'Device code not found')
  return { code, redeemed: row.redeemedAt !== null }
}
