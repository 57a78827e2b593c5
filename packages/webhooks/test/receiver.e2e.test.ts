import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient, type Credentials, type Mesh } from '../../../test/e2e/mesh.js'
import { sharedMesh } from '../../../test/e2e/shared-mesh.js'
import { webhookReceiver } from '../examples/receiver.js'
import { fetchSigningKeys, signingKeys, type Webhook } from '../src/index.js'
import { newSigner, webhookBody } from './signer.js'

/**
 * The package against the real mesh: the example receiver is the platform's webhook endpoint and
 * verifies what the webhooks service sends with the keys of the live GET /webhooks/signing-key.
 */
let mesh: Mesh
let platform: Credentials
let api: ReturnType<typeof apiClient>
let server: Server
let receiverUrl: string
const handled: Webhook[] = []

beforeAll(async () => {
  mesh = sharedMesh()
  platform = await mesh.createPlatform(`e2e-webhooks-package-${randomBytes(4).toString('hex')}`, { skipVerificationPaperwork: true })
  api = apiClient(mesh, platform)
  const fetchKeys = () => fetchSigningKeys({ baseUrl: mesh.baseUrl, clientId: platform.clientId, clientSecret: platform.clientSecret })
  server = createServer(webhookReceiver({ fetchKeys, handle: (webhook) => void handled.push(webhook) }))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`
  expect((await api('PATCH', '/config', { webhookEndpoint: receiverUrl })).status).toBe(200)
}, 180_000)

afterAll(async () => {
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  await mesh?.stop()
})

describe('@payments-platform/webhooks on the live mesh', () => {
  it('reads the live signing-key answer', async () => {
    const answer = await fetchSigningKeys({ baseUrl: mesh.baseUrl, clientId: platform.clientId, clientSecret: platform.clientSecret })
    expect(answer).toMatchObject({ environment: 'SANDBOX', algorithm: 'ECDSA_P256_SHA256', signatureHeader: 'X-Service-Signature' })
    expect(signingKeys(answer).length).toBeGreaterThanOrEqual(1)
  })

  it('verifies the sandbox test webhook sent to the configured endpoint, and answers the platform 200', async () => {
    const sent = await api('POST', '/sandbox/webhooks/test', {})
    expect(sent.status).toBe(200)
    expect(sent.body).toEqual({ url: receiverUrl, response_status: 200 })
    await waitUntil(async () => handled.some((w) => w.type === 'TEST'), 'the receiver to handle the test webhook', 5_000)
    const test = handled.find((w) => w.type === 'TEST')!
    expect(test.id).toMatch(/^Webhook:/)
    expect(Math.abs(Date.now() - Date.parse(test.timestamp))).toBeLessThan(60_000)
  })

  it('verifies a webhook the delivery worker sends for an event', async () => {
    const created = await api('POST', '/customers', {
      customerType: 'INDIVIDUAL',
      platformCustomerId: `pc-${randomBytes(6).toString('hex')}`,
      fullName: 'Ada Lovelace',
    })
    expect(created.status).toBe(201)
    const about = (w: Webhook) => JSON.stringify(w.data ?? w).includes(created.body.id)
    await waitUntil(async () => handled.some(about), 'the customer webhook to be verified and handled', 30_000)
  })

  it('refuses a webhook the platform did not sign with 400', async () => {
    const body = webhookBody()
    const response = await fetch(receiverUrl, { method: 'POST', body, headers: { 'X-Service-Signature': newSigner().sign(body) } })
    expect([response.status, ((await response.json()) as { code: string }).code]).toEqual([400, 'SIGNATURE_INVALID'])
    expect(handled.some((w) => w.id === JSON.parse(body).id)).toBe(false)
  })
})
