import { createHash } from 'node:crypto'
import { ApiError } from '@pp/errors'
import { newId } from '@pp/ids'
import { callUnary, createGrpcClient } from '@pp/grpc'
import { createLogger } from '@pp/logging'
import { AgentsServiceClient, type AgentPolicy } from '@pp/proto/agents/v1/agents'
import { createTestDatabase, type TestDatabase } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningGrpcServer } from '@pp/grpc'
import { createAgentsDb, open, type AgentsDb } from '../src/db/client.js'
import type { AgentServices } from '../src/domain/deps.js'
import { resumeOwedActions } from '../src/domain/recovery.js'
import { startAgentsServer } from '../src/rpc/server.js'
import { expectApiError, MIGRATIONS_DIR, outboxEvents, sandbox } from './harness.js'

/**
 * Device codes and access tokens on the real gRPC server and database, with a clock the test
 * moves: a code expires, works once, is replaced by a newer one; a token is kept as its hash and
 * refused while its agent is paused or once deleted. The agents' payments are end-to-end tests.
 */
const TTL_MS = 60_000
let clockMs = Date.parse('2026-11-27T09:00:00.000Z')
let database: TestDatabase
let db: AgentsDb
let server: RunningGrpcServer
let agents: AgentsServiceClient
let ctx: ReturnType<typeof sandbox>

// Customers, accounts and quotes answer facts; payments' execution is scripted by `execute`.
let execute: () => Promise<void> = async () => undefined
const executions: string[] = []
const account = (id: string) => ({ id, customerId: 'Customer:1', currency: 'EUR' })
let quotes = 0
const services = {
  customer: async () => ({ platformCustomerId: 'pc-1' }),
  internalAccount: async (_ctx: unknown, id: string) => account(id),
  usableExternalAccount: async (_ctx: unknown, id: string) => account(id),
  createQuote: async () => {
    quotes += 1
    const facts = { id: `Quote:${quotes}`, sendingCurrency: 'EUR', totalSendingAmount: 100n, transactionId: `Transaction:${quotes}` }
    return { json: JSON.stringify({ id: facts.id }), facts }
  },
  executeQuote: async (ctx: { idempotencyKey?: string }) => {
    await execute()
    executions.push(ctx.idempotencyKey!)
  },
  transaction: async (_ctx: unknown, id: string) => JSON.stringify({ id, status: 'COMPLETED' }),
  close: () => undefined,
} as unknown as AgentServices

const policy: AgentPolicy = {
  permissions: ['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS'],
  defaultExecutionMode: 'AUTO',
  spendingLimits: { currency: 'EUR', perTransactionLimit: 1_000n },
}

beforeAll(async () => {
  database = await createTestDatabase('agents', MIGRATIONS_DIR)
  db = createAgentsDb(database.url)
  const now = () => new Date(clockMs)
  server = await startAgentsServer({
    address: '127.0.0.1:0',
    agents: { db, services, now, deviceCodeTtlMs: TTL_MS },
    logger: createLogger('agents-test', 'silent'),
  })
  agents = createGrpcClient(AgentsServiceClient, `127.0.0.1:${server.port}`)
  ctx = sandbox(newId('Platform'))
})

afterAll(async () => {
  agents?.close()
  await server?.shutdown()
  await open(db)?.$disconnect()
  await database?.drop()
})

async function createAgent() {
  const { responseJson } = await callUnary(agents, agents.createAgent, { name: 'Agent', customerId: 'Customer:1', policy }, ctx)
  return JSON.parse(responseJson) as { agent: { id: string }; deviceCode: { code: string; expiresAt: string } }
}

const redeem = async (code: string) => JSON.parse((await callUnary(agents, agents.redeemAgentDeviceCode, { code }, {})).responseJson) as { accessToken: string }
const authenticate = (accessToken: string) => callUnary(agents, agents.authenticateAgentToken, { accessToken }, {})

describe('device codes', () => {
  it('expire: a code redeemed after its time is refused, and a new one works', async () => {
    const { agent, deviceCode } = await createAgent()
    expect(Date.parse(deviceCode.expiresAt)).toBe(clockMs + TTL_MS)
    clockMs += TTL_MS
    await expectApiError(redeem(deviceCode.code), 'NOT_FOUND')
    const fresh = JSON.parse((await callUnary(agents, agents.regenerateAgentDeviceCode, { agentId: agent.id }, ctx)).deviceCodeJson) as { code: string }
    const { accessToken } = await redeem(fresh.code)
    expect((await authenticate(accessToken)).agentId).toBe(agent.id)
    await expectApiError(redeem(fresh.code), 'NOT_FOUND')
  })

  it('keep only hashes: neither the code nor the token is stored', async () => {
    const { agent, deviceCode } = await createAgent()
    const { accessToken } = await redeem(deviceCode.code)
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
    expect(await open(db).agentDeviceCode.count({ where: { agentId: agent.id, codeHash: sha256(deviceCode.code) } })).toBe(1)
    expect(await open(db).agentToken.count({ where: { agentId: agent.id, tokenHash: sha256(accessToken) } })).toBe(1)
    const stored = JSON.stringify([await open(db).agentDeviceCode.findMany({ where: { agentId: agent.id } }), await open(db).agentToken.findMany({ where: { agentId: agent.id } })])
    expect(stored).not.toContain(deviceCode.code)
    expect(stored).not.toContain(accessToken)
  })

  it("are another platform's codes to nobody: the status of an unknown code is 404", async () => {
    const { deviceCode } = await createAgent()
    const other = sandbox(newId('Platform'))
    await expectApiError(callUnary(agents, agents.getAgentDeviceCodeStatus, { code: deviceCode.code }, other), 'NOT_FOUND')
    expect(JSON.parse((await callUnary(agents, agents.getAgentDeviceCodeStatus, { code: deviceCode.code }, ctx)).statusJson)).toEqual({ code: deviceCode.code, redeemed: false })
  })
})

describe('access tokens', () => {
  it('are refused while the agent is paused and once it is deleted, each change announced to the gateways', async () => {
    const { agent, deviceCode } = await createAgent()
    const { accessToken } = await redeem(deviceCode.code)
    await callUnary(agents, agents.updateAgent, { agentId: agent.id, isPaused: true }, ctx)
    await expectApiError(authenticate(accessToken), 'UNAUTHORIZED', /paused/)
    await callUnary(agents, agents.updateAgent, { agentId: agent.id, isPaused: false }, ctx)
    expect((await authenticate(accessToken)).customerId).toBe('Customer:1')
    await callUnary(agents, agents.deleteAgent, { agentId: agent.id }, ctx)
    await expectApiError(authenticate(accessToken), 'UNAUTHORIZED')
    await expectApiError(authenticate('agt_not-a-token'), 'UNAUTHORIZED', /not an agent access token/)
    const changes = (await outboxEvents(db, 'AGENT.CHANGED')).filter((e) => e.data.agentId === agent.id)
    // redeemed, paused, resumed, deleted
    expect(changes).toHaveLength(4)
  })
})

describe('owed executions', () => {
  it('an execution payments did not answer stays owed, and recovery executes it once with the same key', async () => {
    const { agent } = await createAgent()
    execute = async () => {
      throw new ApiError('SERVICE_UNAVAILABLE', 'payments did not answer')
    }
    const transfer = { agentId: agent.id, type: 'TRANSFER_OUT', sourceAccountId: 'InternalAccount:1', destinationAccountId: 'ExternalAccount:1', amount: 100n }
    await expectApiError(callUnary(agents, agents.createAgentTransfer, transfer, ctx), 'SERVICE_UNAVAILABLE')
    const [owed] = await open(db).agentAction.findMany({ where: { agentId: agent.id } })
    expect(owed).toMatchObject({ status: 'APPROVED', transactionJson: null })
    expect(owed!.executingSince).not.toBeNull()

    execute = async () => undefined
    const deps = { db, services, now: () => new Date(clockMs), deviceCodeTtlMs: TTL_MS }
    // not yet: the request that started it may still finish it
    await resumeOwedActions(deps, 1_000, () => undefined)
    expect(executions).not.toContain(owed!.id)
    clockMs += 1_000
    expect(await resumeOwedActions(deps, 1_000, () => undefined)).toBeUndefined()
    expect(executions.filter((key) => key === owed!.id)).toHaveLength(1)
    const done = await open(db).agentAction.findUniqueOrThrow({ where: { id: owed!.id } })
    expect(done).toMatchObject({ status: 'APPROVED', executingSince: null, transactionJson: JSON.stringify({ id: owed!.transactionId, status: 'COMPLETED' }) })
    expect((await outboxEvents(db, 'AGENT_ACTION.APPROVED')).filter((e) => e.data.id === owed!.id)).toHaveLength(1)
  })

  it('a refused execution fails the action and gives its spend back', async () => {
    const { agent } = await createAgent()
    execute = async () => {
      throw new ApiError('INSUFFICIENT_FUNDS')
    }
    const transfer = { agentId: agent.id, type: 'TRANSFER_OUT', sourceAccountId: 'InternalAccount:1', destinationAccountId: 'ExternalAccount:1', amount: 100n }
    await expectApiError(callUnary(agents, agents.createAgentTransfer, transfer, ctx), 'INSUFFICIENT_FUNDS')
    const [failed] = await open(db).agentAction.findMany({ where: { agentId: agent.id } })
    expect(failed).toMatchObject({ status: 'FAILED', executingSince: null })
    expect(await open(db).agent.findUniqueOrThrow({ where: { id: agent.id } })).toMatchObject({ dailyCount: 0, dailySpend: 0n, monthlySpend: 0n })
  })
})
