import { p256 } from '@noble/curves/nist.js'
import { callUnary } from '@pp/grpc'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newTenant } from './support/events.js'
import type { TestWebhookView } from '../src/domain/delivery/send-test-webhook.js'
import { callContext, failure, signingKeyOf, startHarness, type Harness } from './support/harness.js'
import { always, startReceiver, type Receiver } from './support/receiver.js'

let h: Harness
let ok: Receiver
let failing: Receiver

beforeAll(async () => {
  h = await startHarness('test_webhook', { requestTimeoutMs: 300, claimLeaseMs: 1_000 })
  ok = await startReceiver(always(200))
  failing = await startReceiver(always(500))
})

afterAll(async () => {
  await Promise.all([ok.close(), failing.close()])
  await h.stop()
})

const send = (tenant: ReturnType<typeof newTenant>, url?: string) =>
  callUnary(h.client, h.client.sendTestWebhook, { url }, callContext(tenant)).then((r) => JSON.parse(r.resultJson) as TestWebhookView)

describe('SendTestWebhook', () => {
  it('sends a signed TEST webhook to the given url, answers the receiver status and records it', async () => {
    const tenant = newTenant()
    const answer = await send(tenant, ok.url)

    // what the receiver answered is not echoed
    expect(answer).toEqual({ url: ok.url, response_status: 200 })
    const { headers, body } = ok.received.at(-1)!
    const sent = JSON.parse(body)
    expect(sent).toEqual({ id: expect.stringMatching(/^Webhook:/), type: 'TEST', timestamp: expect.any(String), data: {} })
    const key = await signingKeyOf(h, tenant)
    const signature = Buffer.from(String(headers['x-service-signature']), 'base64')
    expect(p256.verify(signature, Buffer.from(body), Buffer.from(key.publicKey, 'hex'), { format: 'der' })).toBe(true)
    const { delivery } = await callUnary(h.client, h.client.getDelivery, { deliveryId: sent.id }, callContext(tenant))
    expect(delivery).toMatchObject({ webhookType: 'TEST', status: 'DELIVERED', eventId: '', attemptCount: 1, payload: body })
    expect(delivery!.attempts).toEqual([expect.objectContaining({ attemptNumber: 1, url: ok.url, statusCode: 200 })])
  })

  it('uses the configured webhookEndpoint when no url is given', async () => {
    const tenant = newTenant()
    h.endpoints.set(tenant, ok.url)
    expect(await send(tenant)).toMatchObject({ url: ok.url, response_status: 200 })
  })

  it('fails with WEBHOOK_ENDPOINT_NOT_SET when there is no url and no endpoint', async () => {
    const error = await failure(send(newTenant()))
    expect(error.code).toBe('WEBHOOK_ENDPOINT_NOT_SET')
  })

  it('fails with WEBHOOK_DELIVERY_ERROR when the receiver answers non-2xx, and logs the dead test', async () => {
    const tenant = newTenant()
    const error = await failure(send(tenant, failing.url))
    expect(error.code).toBe('WEBHOOK_DELIVERY_ERROR')
    expect(error.details).toEqual({ url: failing.url, responseStatus: 500, error: 'HTTP 500', deliveryId: expect.any(String) })
    const { delivery } = await callUnary(h.client, h.client.getDelivery, { deliveryId: String(error.details.deliveryId) }, callContext(tenant))
    expect(delivery).toMatchObject({ status: 'DEAD', attemptCount: 1 })
  })

  it('fails with WEBHOOK_DELIVERY_ERROR when the receiver is unreachable or too slow', async () => {
    const slow = await startReceiver(() => 'hang')
    const closed = await startReceiver()
    await closed.close()
    try {
      const timedOut = await failure(send(newTenant(), slow.url))
      expect(timedOut).toMatchObject({ code: 'WEBHOOK_DELIVERY_ERROR', details: { error: 'timeout after 300 ms' } })
      const refused = await failure(send(newTenant(), closed.url))
      expect(refused.code).toBe('WEBHOOK_DELIVERY_ERROR')
      expect(refused.details.error).toMatch(/^connection failed: ECONNREFUSED/)
      expect(refused.details.responseStatus).toBeUndefined()
    } finally {
      await slow.close()
    }
  })

  it('refuses production credentials and urls that are not http(s)', async () => {
    expect((await failure(send(newTenant('PRODUCTION'), ok.url))).code).toBe('FORBIDDEN')
    const invalid = await failure(send(newTenant(), 'ftp://127.0.0.1/hooks'))
    expect(invalid).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [expect.objectContaining({ field: 'url' })] } })
  })
})

describe('GetSigningPublicKey', () => {
  it('answers one key per environment, the same for every platform, as the API shows it', async () => {
    const sandbox = await signingKeyOf(h, newTenant())
    const sandboxToo = await signingKeyOf(h, newTenant())
    const production = await signingKeyOf(h, newTenant('PRODUCTION'))
    expect(sandbox).toEqual({
      environment: 'SANDBOX',
      algorithm: 'ECDSA_P256_SHA256',
      publicKey: expect.stringMatching(/^04[0-9a-f]{128}$/),
      publicKeyPem: expect.stringMatching(/^-----BEGIN PUBLIC KEY-----\n/),
      signatureHeader: 'X-Service-Signature',
      signatureEncoding: 'BASE64_DER',
      previousKeys: [],
    })
    expect(sandboxToo.publicKey).toBe(sandbox.publicKey)
    expect(production).toMatchObject({ environment: 'PRODUCTION' })
    expect(production.publicKey).not.toBe(sandbox.publicKey)
  })
})
