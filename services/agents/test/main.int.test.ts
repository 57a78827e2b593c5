import { callUnary, checkHealth, createGrpcClient } from '@pp/grpc'
import { newId } from '@pp/ids'
import { AgentsServiceClient, ListAgentsRequest } from '@pp/proto/agents/v1/agents'
import { createTestDatabase, freePort, startProcess, testConnections, waitUntil } from '@pp/testing'
import { expect, it } from 'vitest'
import { expectApiError, sandbox } from './harness.js'

it('runs as its own process: migrates, serves and stops cleanly', async () => {
  const { natsUrl } = await testConnections()
  const database = await createTestDatabase('agents_main')
  const address = `127.0.0.1:${await freePort()}`
  const service = startProcess('agents', 'services/agents/src/main.ts', { DATABASE_URL: database.url, GRPC_ADDRESS: address, NATS_URL: natsUrl })
  const client = createGrpcClient(AgentsServiceClient, address)
  try {
    await waitUntil(() => checkHealth(address), `agents service at ${address}\n${service.output()}`)
    const page = JSON.parse((await callUnary(client, client.listAgents, ListAgentsRequest.fromPartial({}), sandbox(newId('Platform')))).pageJson) as { data: unknown[]; totalCount: number }
    expect(page).toMatchObject({ data: [], totalCount: 0 })
    await expectApiError(callUnary(client, client.redeemAgentDeviceCode, { code: 'AGENT-AAAA-AAAA-AAAA-AAAA' }, {}), 'NOT_FOUND')

    await service.stop('SIGTERM')
    expect(service.child.exitCode).toBe(0)
  } finally {
    client.close()
    await service.stop()
    await database.drop()
  }
})
