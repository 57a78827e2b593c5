import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { p256 } from '@noble/curves/nist.js'
import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { apiClient, startMesh, type Mesh } from './mesh.js'

/**
 * The delivery log and replay end to end: a platform's receiver is down (503) while 20 customers
 * are created, the log shows each failed attempt and its next retry, then the receiver comes back
 * and a replay of the window brings it the 20 webhooks once each, in creation order, each signed.
 * Retries wait ten minutes and the endpoint never pauses, so every attempt after the first is the
 * replay's.
 */
let mesh: Mesh
let api: ReturnType<typeof apiClient>
let receiver: Awaited<ReturnType<typeof startSwitchableReceiver>>

interface Received {
  headers: IncomingHttpHeaders
  rawBody: string
}

/** A webhook endpoint on 127.0.0.1 that answers 503 while down and 200 (keeping what it got) while up. */
async function startSwitchableReceiver() {
  const received: Received[] = []
  let isUp = false
  const server: Server = createServer((request, response) => {
    let rawBody = ''
    request.on('data', (chunk) => (rawBody += String(chunk)))
    request.on('end', () => {
      if (!isUp) return void response.writeHead(503).end()
      received.push({ headers: request.headers, rawBody })
      response.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    received,
    up: () => void (isUp = true),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

beforeAll(async () => {
  mesh = await startMesh({
    env: { WEBHOOK_RETRY_SCHEDULE_MS: '600000', WEBHOOK_RETRY_JITTER_RATIO: '0', WEBHOOK_PAUSE_AFTER_FAILURES: '1000' },
    startTimeoutMs: 240_000,
  })
  receiver = await startSwitchableReceiver()
  const platform = await mesh.createPlatform(`e2e-replay-${randomBytes(4).toString('hex')}`, { skipVerificationPaperwork: true })
  api = apiClient(mesh, platform)
  // CUSTOMER.CREATED is a type beyond the reference's list, sent when the platform turns those on
  expect((await api('PATCH', '/config', { webhookEndpoint: receiver.url, extendedWebhookTypes: true })).status).toBe(200)
}, 300_000)

afterAll(async () => {
  await receiver?.close()
  await mesh?.stop()
})

it('replays the window a receiver missed: each of the 20 webhooks once, in creation order, signed', async () => {
  const createdAfter = new Date(Date.now() - 1_000).toISOString()
  const customerIds: string[] = []
  for (let n = 0; n < 20; n += 1) {
    const created = await api('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: `replay-${n}-${randomBytes(3).toString('hex')}`, fullName: `Customer ${n}` })
    expect(created.status).toBe(201)
    customerIds.push(created.body.id)
  }
  const logged = async () => (await api('GET', '/webhooks/deliveries?type=CUSTOMER.CREATED&limit=100')).body
  await waitUntil(async () => (await logged()).data.filter((d: any) => d.attempts[0]?.finishedAt).length === 20, 'a failed attempt of each', 60_000)
  const createdBefore = new Date(Date.now() + 1_000).toISOString()

  // the log: each delivery PENDING after its failed attempt, the receiver's 503 and the next retry
  const down = await logged()
  expect(down.totalCount).toBe(20)
  for (const delivery of down.data) {
    expect(delivery).toMatchObject({ status: 'PENDING', attemptCount: 1, attempts: [{ attemptNumber: 1, responseStatus: 503, url: receiver.url, error: 'HTTP 503' }] })
    expect(Date.parse(delivery.nextAttemptAt)).toBeGreaterThan(Date.now() + 60_000)
  }
  const deliveryIds: string[] = down.data.map((d: any) => d.id).reverse()
  expect((await api('GET', '/webhooks/deliveries?status=DEAD')).body.totalCount).toBe(0)
  const one = await api('GET', `/webhooks/deliveries/${encodeURIComponent(deliveryIds[0]!)}`)
  expect(one.status).toBe(200)
  expect(JSON.parse(one.body.payload)).toMatchObject({ id: deliveryIds[0], type: 'CUSTOMER.CREATED', data: { id: customerIds[0] } })

  receiver.up()
  const request = { createdAfter, createdBefore, types: ['CUSTOMER.CREATED'] }
  const headers = { 'Idempotency-Key': `replay-${randomBytes(4).toString('hex')}` }
  const started = await api('POST', '/webhooks/replays', request, headers)
  expect(started.status).toBe(202)
  expect(started.body).toMatchObject({ status: 'RUNNING', deliveryCount: 20, types: ['CUSTOMER.CREATED'], createdAfter, createdBefore })
  // the same request and key: the same replay, not a second one
  expect((await api('POST', '/webhooks/replays', request, headers)).body).toMatchObject({ id: started.body.id, deliveryCount: 20 })

  const progress = async () => (await api('GET', `/webhooks/replays/${encodeURIComponent(started.body.id)}`)).body
  await waitUntil(async () => (await progress()).status === 'COMPLETED', 'the replay to complete', 60_000)
  expect(await progress()).toMatchObject({ deliveryCount: 20, sentCount: 20, failedCount: 0 })

  const webhooks = receiver.received.map((r) => JSON.parse(r.rawBody))
  expect(webhooks.map((w) => w.id)).toEqual(deliveryIds)
  expect(webhooks.map((w) => w.data.id)).toEqual(customerIds)
  const key = (await api('GET', '/webhooks/signing-key')).body
  for (const { headers: sent, rawBody } of receiver.received) {
    const signature = Buffer.from(String(sent['x-service-signature']), 'base64')
    const digest = createHash('sha256').update(rawBody).digest()
    expect(p256.verify(signature, digest, Buffer.from(key.publicKey, 'hex'), { prehash: false, format: 'der' })).toBe(true)
  }
  for (const webhook of webhooks) expect(Date.parse(webhook.timestamp)).toBeGreaterThanOrEqual(Date.parse(started.body.createdAt))

  // folded into the replay, none waits for its retry any more: delivered, after one failure and one success
  const after = await logged()
  for (const delivery of after.data) {
    expect(delivery).toMatchObject({ status: 'DELIVERED', attemptCount: 2, attempts: [{ responseStatus: 503 }, { responseStatus: 200 }] })
    expect(delivery.nextAttemptAt).toBeUndefined()
  }
  expect(receiver.received).toHaveLength(20)

  // one more attempt of a delivered one, on request: the same id again
  const redelivered = await api('POST', `/webhooks/deliveries/${encodeURIComponent(deliveryIds[0]!)}/redeliver`, undefined)
  expect(redelivered.status).toBe(202)
  expect(redelivered.body).toMatchObject({ id: deliveryIds[0], status: 'PENDING' })
  await waitUntil(async () => receiver.received.length === 21, 'the redelivery', 30_000)
  expect(JSON.parse(receiver.received[20]!.rawBody).id).toBe(deliveryIds[0])

  // another platform sees none of it
  const other = apiClient(mesh, await mesh.createPlatform(`e2e-replay-other-${randomBytes(4).toString('hex')}`))
  expect((await other('GET', `/webhooks/deliveries/${encodeURIComponent(deliveryIds[0]!)}`)).status).toBe(404)
  expect((await other('GET', `/webhooks/replays/${encodeURIComponent(started.body.id)}`)).status).toBe(404)
  expect((await other('GET', '/webhooks/deliveries')).body.totalCount).toBe(0)
  // nor can it send it again: 404, and the delivery gets no attempt
  const attemptsBefore = (await api('GET', `/webhooks/deliveries/${encodeURIComponent(deliveryIds[0]!)}`)).body.attemptCount
  const foreign = await other('POST', `/webhooks/deliveries/${encodeURIComponent(deliveryIds[0]!)}/redeliver`, undefined)
  expect(foreign.status).toBe(404)
  expect(foreign.body).toMatchObject({ code: expect.any(String), reason: expect.any(String) })
  expect((await api('GET', `/webhooks/deliveries/${encodeURIComponent(deliveryIds[0]!)}`)).body.attemptCount).toBe(attemptsBefore)
  expect(receiver.received).toHaveLength(21)
}, 180_000)

it('refuses a replay window that is not bounded', async () => {
  const now = Date.now()
  const refused = [
    { createdAfter: new Date(now).toISOString() },
    { createdAfter: new Date(now).toISOString(), createdBefore: new Date(now - 1_000).toISOString() },
    { createdAfter: new Date(now - 40 * 86_400_000).toISOString(), createdBefore: new Date(now).toISOString() },
    { createdAfter: 'yesterday', createdBefore: new Date(now).toISOString() },
  ]
  const receivedBefore = receiver.received.length
  for (const body of refused) {
    const answer = await api('POST', '/webhooks/replays', body)
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: expect.any(Array) } })
  }
  // a refused replay re-sends nothing (an accepted one starts sending within milliseconds)
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  expect(receiver.received).toHaveLength(receivedBefore)
})
