import { randomUUID } from 'node:crypto'
import type { NatsConnection } from '@nats-io/transport-node'
import { connectNats, developmentSigningKey, eventVerifierOf, signedHeaders } from '@pp/events'
import { createLogger } from '@pp/logging'
import { testConnections, waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { subscribeToTokenDeletions, TOKEN_DELETED_SUBJECT, type TokenInvalidation } from './token-invalidation.js'

const logger = createLogger('gateway-test', 'silent')
const envelope = (data: unknown) => ({ id: randomUUID(), type: 'TOKEN.DELETED', source: 'platform', platformId: 'Platform:1', environment: 'SANDBOX', occurredAt: new Date().toISOString(), data })

describe('token deletion events', () => {
  let nats: NatsConnection
  let invalidation: TokenInvalidation
  const evicted: string[] = []

  beforeAll(async () => {
    nats = await connectNats((await testConnections()).natsUrl, 'gateway-test')
    invalidation = subscribeToTokenDeletions(nats, (tokenId) => evicted.push(tokenId), eventVerifierOf({ NODE_ENV: 'test' }, logger), logger)
    await nats.flush() // the subscription is registered with the server before anything is published
  })

  afterAll(async () => {
    await invalidation.stop()
    await nats.close()
  })

  const publishSigned = (event: object) =>
    nats.publish(TOKEN_DELETED_SUBJECT, JSON.stringify(event), { headers: signedHeaders(developmentSigningKey('platform'), event) })

  it('evicts the token named in a TOKEN.DELETED event the platform signed, skipping events it cannot read or believe', async () => {
    const tokenId = `Token:${randomUUID()}`
    const forgedTokenId = `Token:${randomUUID()}`
    nats.publish(TOKEN_DELETED_SUBJECT, 'not json')
    publishSigned(envelope({ clientId: 'no-token-id' }))
    nats.publish(TOKEN_DELETED_SUBJECT, JSON.stringify(envelope({ tokenId: forgedTokenId, clientId: 'client2' })))
    publishSigned(envelope({ tokenId, clientId: 'client1' }))
    await waitUntil(async () => evicted.includes(tokenId), 'the deleted token to be evicted', 5_000, 10)
    expect(evicted.filter((id) => id === tokenId)).toHaveLength(1)
    expect(evicted).not.toContain(forgedTokenId)
    expect(TOKEN_DELETED_SUBJECT).toBe('events.platform.TOKEN.DELETED')
  })
})
