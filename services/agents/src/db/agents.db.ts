import type { Agent, AgentAction, AgentPolicy, AgentUsage, DeviceCode } from '../domain/types.js'
import type { Tenant } from '@pp/tenancy'
import { open, type AgentsDb, type Tx } from './client.js'
import type { Agent as AgentRow, AgentAction as ActionRow, Prisma } from './generated/client.js'

type Db = AgentsDb | Tx

/** The sort key of the newest-first lists; a page starts strictly after it. */
export interface ListKey {
  createdAt: Date
  id: string
}

const agentOf = (row: AgentRow): Agent => ({
  id: row.id,
  platformId: row.platformId,
  environment: row.environment,
  customerId: row.customerId,
  platformCustomerId: row.platformCustomerId,
  name: row.name,
  isPaused: row.isPaused,
  isConnected: row.isConnected,
  policy: row.policy as unknown as AgentPolicy,
  usage: { day: row.usageDay, dailyCount: row.dailyCount, dailySpend: row.dailySpend, month: row.usageMonth, monthlySpend: row.monthlySpend },
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
})

const actionOf = (row: ActionRow): AgentAction => row as unknown as AgentAction

const live = (tenant: Tenant, id: string) => ({ id, platformId: tenant.platformId, environment: tenant.environment, deletedAt: null })

const newerThan = (after: ListKey | undefined, ascending = false) => {
  const direction = ascending ? 'gt' : 'lt'
  return after ? { OR: [{ createdAt: { [direction]: after.createdAt } }, { createdAt: after.createdAt, id: { [direction]: after.id } }] } : {}
}

export interface NewAgent extends Omit<Agent, 'isPaused' | 'isConnected' | 'updatedAt'> {
  deviceCode: { codeHash: string; expiresAt: Date }
}

export async function insertAgent(tx: Tx, agent: NewAgent): Promise<Agent> {
  const { usage, policy, deviceCode, ...fields } = agent
  const row = await open(tx).agent.create({
    data: {
      ...fields,
      policy: policy as unknown as Prisma.InputJsonValue,
      usageDay: usage.day,
      usageMonth: usage.month,
      updatedAt: agent.createdAt,
      deviceCodes: { create: { ...deviceCode, createdAt: agent.createdAt } },
    },
  })
  return agentOf(row)
}

export async function findAgent(db: Db, tenant: Tenant, id: string): Promise<Agent | undefined> {
  const row = await open(db).agent.findFirst({ where: live(tenant, id) })
  return row ? agentOf(row) : undefined
}

/** The ids of the customer's live agents. */
export async function liveAgentIdsOfCustomer(db: Db, tenant: Tenant, customerId: string): Promise<string[]> {
  const rows = await open(db).agent.findMany({ where: { platformId: tenant.platformId, environment: tenant.environment, customerId, deletedAt: null }, select: { id: true } })
  return rows.map((row) => row.id)
}

/** A live agent whatever its tenant, for a secret (device code) that selected it. */
export async function findAgentById(db: Db, id: string): Promise<Agent | undefined> {
  const row = await open(db).agent.findFirst({ where: { id, deletedAt: null } })
  return row ? agentOf(row) : undefined
}

/** The live agent, its row locked until the transaction ends: one action of an agent is weighed at a time. */
export async function lockAgent(tx: Tx, tenant: Tenant, id: string): Promise<Agent | undefined> {
  const [row] = await open(tx).$queryRaw<AgentRow[]>`
    SELECT id, platform_id AS "platformId", environment::text AS environment, customer_id AS "customerId",
           platform_customer_id AS "platformCustomerId", name, is_paused AS "isPaused", is_connected AS "isConnected",
           policy, usage_day AS "usageDay", daily_count AS "dailyCount", daily_spend AS "dailySpend", usage_month AS "usageMonth",
           monthly_spend AS "monthlySpend", created_at AS "createdAt", updated_at AS "updatedAt", deleted_at AS "deletedAt"
      FROM agents WHERE id = ${id} AND platform_id = ${tenant.platformId}
       AND environment = ${tenant.environment}::environment AND deleted_at IS NULL FOR UPDATE`
  return row ? agentOf(row) : undefined
}

export interface AgentFilter {
  customerId?: string
  isPaused?: boolean
  isConnected?: boolean
  createdAfter?: Date
  createdBefore?: Date
  updatedAfter?: Date
  updatedBefore?: Date
}

export async function listAgents(db: AgentsDb, tenant: Tenant, filter: AgentFilter, after: ListKey | undefined, take: number) {
  const where: Prisma.AgentWhereInput = {
    platformId: tenant.platformId,
    environment: tenant.environment,
    deletedAt: null,
    customerId: filter.customerId,
    isPaused: filter.isPaused,
    isConnected: filter.isConnected,
    createdAt: { gte: filter.createdAfter, lte: filter.createdBefore },
    updatedAt: { gte: filter.updatedAfter, lte: filter.updatedBefore },
  }
  const client = open(db)
  const [rows, totalCount] = await client.$transaction([
    client.agent.findMany({ where: { AND: [where, newerThan(after)] }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take }),
    client.agent.count({ where }),
  ])
  return { rows: rows.map(agentOf), totalCount }
}

export interface AgentChange {
  name?: string
  isPaused?: boolean
  isConnected?: boolean
  policy?: AgentPolicy
  deletedAt?: Date
}

/** Writes a live agent's change; undefined when the tenant has no such live agent. */
export async function updateAgent(tx: Tx, tenant: Tenant, id: string, change: AgentChange, now: Date): Promise<Agent | undefined> {
  const { policy, ...fields } = change
  const { count } = await open(tx).agent.updateMany({
    where: live(tenant, id),
    data: { ...fields, ...(policy && { policy: policy as unknown as Prisma.InputJsonValue }), updatedAt: now },
  })
  if (count === 0) return undefined
  const row = await open(tx).agent.findUnique({ where: { id } })
  return row ? agentOf(row) : undefined
}

/** The usage counters after a reservation (the row is locked by `lockAgent`); not a change of the agent itself. */
export async function writeUsage(tx: Tx, agentId: string, usage: AgentUsage): Promise<void> {
  await open(tx).agent.update({
    where: { id: agentId },
    data: { usageDay: usage.day, dailyCount: usage.dailyCount, dailySpend: usage.dailySpend, usageMonth: usage.month, monthlySpend: usage.monthlySpend },
  })
}

/** Gives back a reservation, in the periods it was counted in only (a new period started from zero). */
export async function releaseUsage(tx: Tx, action: Pick<AgentAction, 'agentId' | 'amount' | 'reservedDay' | 'reservedMonth'>): Promise<void> {
  await open(tx).$executeRaw`
    UPDATE agents SET
      daily_count = CASE WHEN usage_day = ${action.reservedDay} THEN daily_count - 1 ELSE daily_count END,
      daily_spend = CASE WHEN usage_day = ${action.reservedDay} THEN daily_spend - ${action.amount} ELSE daily_spend END,
      monthly_spend = CASE WHEN usage_month = ${action.reservedMonth} THEN monthly_spend - ${action.amount} ELSE monthly_spend END
    WHERE id = ${action.agentId}`
}

// device codes

/** Replaces every unredeemed code of the agent by a new one. */
export async function replaceDeviceCode(tx: Tx, agentId: string, code: { codeHash: string; expiresAt: Date }, now: Date): Promise<void> {
  await open(tx).agentDeviceCode.updateMany({ where: { agentId, redeemedAt: null, invalidatedAt: null }, data: { invalidatedAt: now } })
  await open(tx).agentDeviceCode.create({ data: { agentId, ...code, createdAt: now } })
}

export async function findDeviceCode(db: AgentsDb, tenant: Tenant, codeHash: string): Promise<DeviceCode | null> {
  return open(db).agentDeviceCode.findFirst({
    where: { codeHash, agent: { platformId: tenant.platformId, environment: tenant.environment, deletedAt: null } },
  })
}

/**
 * Marks the code redeemed if it is still redeemable: one conditional statement, so of concurrent
 * redemptions exactly one wins. Answers the agent's id for the winner.
 */
export async function redeemDeviceCode(tx: Tx, codeHash: string, now: Date): Promise<string | undefined> {
  const [row] = await open(tx).$queryRaw<{ agent_id: string }[]>`
    UPDATE agent_device_codes c SET redeemed_at = ${now}
      FROM agents a
     WHERE c.code_hash = ${codeHash} AND c.redeemed_at IS NULL AND c.invalidated_at IS NULL
       AND c.expires_at > ${now} AND a.id = c.agent_id AND a.deleted_at IS NULL
    RETURNING c.agent_id`
  return row?.agent_id
}

// access tokens

export async function revokeAgentTokens(tx: Tx, agentId: string, now: Date): Promise<void> {
  await open(tx).agentToken.updateMany({ where: { agentId, revokedAt: null }, data: { revokedAt: now } })
}

export async function insertAgentToken(tx: Tx, agentId: string, tokenHash: string, now: Date): Promise<void> {
  await open(tx).agentToken.create({ data: { agentId, tokenHash, createdAt: now } })
}

/** The agent a live token belongs to, deleted agents included (authentication names the reason). */
export async function findAgentByToken(db: AgentsDb, tokenHash: string): Promise<(Agent & { deletedAt: Date | null }) | undefined> {
  const token = await open(db).agentToken.findFirst({ where: { tokenHash, revokedAt: null }, include: { agent: true } })
  return token ? { ...agentOf(token.agent), deletedAt: token.agent.deletedAt } : undefined
}

// quotes

export async function insertAgentQuote(db: AgentsDb, agentId: string, quoteId: string, now: Date): Promise<void> {
  await open(db).agentQuote.create({ data: { agentId, quoteId, createdAt: now } })
}

export async function isAgentQuote(db: Db, agentId: string, quoteId: string): Promise<boolean> {
  return (await open(db).agentQuote.count({ where: { agentId, quoteId } })) > 0
}

// actions

export type NewAction = Omit<AgentAction, 'updatedAt' | 'transactionJson' | 'rejectionReason'>

export async function insertAction(tx: Tx, action: NewAction): Promise<AgentAction> {
  const { transferDetails, ...fields } = action
  const row = await open(tx).agentAction.create({
    data: { ...fields, transferDetails: (transferDetails ?? undefined) as Prisma.InputJsonValue | undefined, updatedAt: action.createdAt },
  })
  return actionOf(row)
}

export async function findAction(db: Db, where: { id?: string; agentId?: string; transactionId?: string; platformId: string; environment: Tenant['environment'] }) {
  const row = await open(db).agentAction.findFirst({ where })
  return row ? actionOf(row) : undefined
}

export async function findActionByKey(db: Db, agentId: string, idempotencyKey: string): Promise<AgentAction | undefined> {
  const row = await open(db).agentAction.findUnique({ where: { agentId_idempotencyKey: { agentId, idempotencyKey } } })
  return row ? actionOf(row) : undefined
}

export async function findActionByQuote(db: Db, quoteId: string): Promise<AgentAction | undefined> {
  const row = await open(db).agentAction.findUnique({ where: { quoteId } })
  return row ? actionOf(row) : undefined
}

export interface ActionFilter {
  agentId?: string
  customerId?: string
  status?: string
  createdAfter?: Date
  createdBefore?: Date
}

export async function listActions(db: AgentsDb, tenant: Tenant, filter: ActionFilter, after: ListKey | undefined, take: number, ascending: boolean) {
  const where: Prisma.AgentActionWhereInput = {
    platformId: tenant.platformId,
    environment: tenant.environment,
    agentId: filter.agentId,
    customerId: filter.customerId,
    status: filter.status,
    createdAt: { gte: filter.createdAfter, lte: filter.createdBefore },
  }
  const order = ascending ? 'asc' : 'desc'
  const client = open(db)
  const [rows, totalCount] = await client.$transaction([
    client.agentAction.findMany({ where: { AND: [where, newerThan(after, ascending)] }, orderBy: [{ createdAt: order }, { id: order }], take }),
    client.agentAction.count({ where }),
  ])
  return { rows: rows.map(actionOf), totalCount }
}

export interface ActionChange {
  status?: AgentAction['status']
  transactionJson?: string
  rejectionReason?: string
  executingSince?: Date | null
}

/** Moves the action only if it is still `from` (and, when asked, still owed an execution); the moved action or undefined. */
export async function moveAction(
  tx: Tx,
  id: string,
  from: { status: AgentAction['status']; executing?: boolean },
  change: ActionChange,
  now: Date,
): Promise<AgentAction | undefined> {
  const executing = from.executing === undefined ? {} : { executingSince: from.executing ? { not: null } : null }
  const { count } = await open(tx).agentAction.updateMany({ where: { id, status: from.status, ...executing }, data: { ...change, updatedAt: now } })
  if (count === 0) return undefined
  const row = await open(tx).agentAction.findUnique({ where: { id } })
  return row ? actionOf(row) : undefined
}

/** Actions whose execution has been owed since `before` or earlier (a crash or an outage interrupted it), oldest first. */
export async function findOwedActions(db: AgentsDb, before: Date, take: number): Promise<AgentAction[]> {
  const rows = await open(db).agentAction.findMany({ where: { executingSince: { not: null, lte: before } }, orderBy: { executingSince: 'asc' }, take })
  return rows.map(actionOf)
}

/** When the oldest execution still owed became owed. */
export async function oldestOwedSince(db: AgentsDb): Promise<Date | undefined> {
  const row = await open(db).agentAction.findFirst({ where: { executingSince: { not: null } }, orderBy: { executingSince: 'asc' }, select: { executingSince: true } })
  return row?.executingSince ?? undefined
}
