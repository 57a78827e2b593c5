import { connectNats } from '@pp/events'
import { callUnary, checkHealth, createGrpcClient } from '@pp/grpc'
import { PlatformServiceClient } from '@pp/proto/platform/v1/platform'
import { createTestDatabase, freePort, startProcess, testConnections, waitUntil } from '@pp/testing'
import { expect, it } from 'vitest'
import { sandbox } from './harness.js'

it('runs as its own process: migrates, serves, relays events to NATS and stops cleanly', async () => {
  const { natsUrl } = await testConnections()
  const database = await createTestDatabase('platform_main')
  const address = `127.0.0.1:${await freePort()}`
  const operatorAddress = `127.0.0.1:${await freePort()}`
  const service = startProcess('platform', 'services/platform/src/main.ts', {
    DATABASE_URL: database.url,
    GRPC_ADDRESS: address,
    OPERATOR_GRPC_ADDRESS: operatorAddress,
    NATS_URL: natsUrl,
    TOKEN_SECRET_SCRYPT_LOG_N: '10',
  })
  const nats = await connectNats(natsUrl, 'platform-main-test')
  const client = createGrpcClient(PlatformServiceClient, address)
  // bootstrap is an operator's method: served on the operator port only
  const operator = createGrpcClient(PlatformServiceClient, operatorAddress)
  try {
    await waitUntil(() => checkHealth(address), `platform service at ${address}\n${service.output()}`)
    const { platformId } = await callUnary(operator, operator.ensurePlatform, { name: 'Process Co', isRegulatedFinancialInstitution: false, skipVerificationPaperwork: false }, {})

    const received: string[] = []
    const subscription = nats.subscribe('events.platform.PLATFORM.CONFIG_UPDATED', {
      callback: (_err, message) => {
        received.push(message.string())
      },
    })
    await nats.flush()
    await callUnary(client, client.updatePlatformConfig, { umaDomain: 'process.example' }, sandbox(platformId))
    await waitUntil(async () => received.some((m) => m.includes(platformId)), 'the CONFIG_UPDATED event on NATS')
    subscription.unsubscribe()

    await service.stop('SIGTERM')
    expect(service.child.exitCode).toBe(0)
  } finally {
    client.close()
    operator.close()
    await nats.close()
    await service.stop()
    await database.drop()
  }
})
