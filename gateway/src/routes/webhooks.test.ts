import { Validator } from '@seriousme/openapi-schema-validator'
import { ApiError } from '@pp/errors'
import { createGrpcClient, startGrpcServer, unaryService, type HandlerContext, type RunningGrpcServer } from '@pp/grpc'
import { createLogger } from '@pp/logging'
import { WebhooksServiceClient, WebhooksServiceService, type CreateReplayRequest, type ListDeliveriesRequest, type SendTestWebhookRequest } from '@pp/proto/webhooks/v1/webhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Permission } from '@pp/vocabulary'
import { createGatewayApp } from '../gateway-app.js'
import { registerWebhookRoutes } from './webhooks.js'

const logger = createLogger('webhooks-routes-test', 'silent')
const auth = { Authorization: `Basic ${Buffer.from('client:secret').toString('base64')}`, 'Content-Type': 'application/json' }
/** The signing key as the webhooks service answers it: the API's JSON, which the gateway sends on as it is. */
const signingKeyJson = JSON.stringify({
  environment: 'SANDBOX',
  algorithm: 'ECDSA_P256_SHA256',
  publicKey: `04${'ab'.repeat(64)}`,
  publicKeyPem: '-----BEGIN PUBLIC KEY-----\nMFk=\n-----END PUBLIC KEY-----\n',
  signatureHeader: 'X-Service-Signature',
  signatureEncoding: 'BASE64_DER',
})

/** The log's JSON as the webhooks service answers it, sent on as it is. */
const deliveryJson = JSON.stringify({ id: 'Webhook:1', type: 'CUSTOMER.CREATED', status: 'PENDING', attemptCount: 1, createdAt: '2026-11-27T10:00:00.000Z', attempts: [] })
const replayJson = JSON.stringify({ id: 'Job:1', status: 'RUNNING', deliveryCount: 3 })

/** What the stub webhooks service received. */
const received: { request?: Partial<SendTestWebhookRequest> & Record<string, unknown>; ctx?: HandlerContext } = {}
let failWith: ApiError | undefined
let held: Permission[]

function stubWebhooksService() {
  return unaryService(logger, {
    async sendTestWebhook(request: SendTestWebhookRequest, ctx) {
      Object.assign(received, { request, ctx })
      if (failWith) throw failWith
      return { resultJson: JSON.stringify({ url: request.url ?? 'https://configured.example/hooks', response_status: 200 }) }
    },
    listDeliveries: async (request: ListDeliveriesRequest) => {
      Object.assign(received, { request })
      return { data: [], hasMore: false, totalCount: 0, pageJson: JSON.stringify({ data: [], hasMore: false, totalCount: 0 }) }
    },
    getDelivery: async () => Promise.reject(new ApiError('NOT_FOUND')),
    redeliverDelivery: async (request: object, ctx) => {
      Object.assign(received, { request, ctx })
      return { deliveryJson }
    },
    createReplay: async (request: CreateReplayRequest, ctx) => {
      Object.assign(received, { request, ctx })
      return { replayJson }
    },
    getReplay: async () => ({ replayJson }),
    getSigningPublicKey: async (_request: object, ctx) => {
      Object.assign(received, { ctx })
      return { signingKeyJson }
    },
  })
}

let server: RunningGrpcServer
let client: WebhooksServiceClient
let app: ReturnType<typeof createGatewayApp>

beforeAll(async () => {
  server = await startGrpcServer('127.0.0.1:0', [{ name: 'webhooks', definition: WebhooksServiceService, implementation: stubWebhooksService() }], logger)
  client = createGrpcClient(WebhooksServiceClient, `127.0.0.1:${server.port}`)
  const principal = { platformId: 'Platform:1', environment: 'SANDBOX' as const, tokenId: 'Token:1' }
  app = createGatewayApp({ logger, authenticate: async () => ({ ...principal, permissions: held }), registerRoutes: (api) => registerWebhookRoutes(api, client) })
})
afterAll(async () => {
  client?.close()
  await server?.shutdown()
})
beforeEach(() => {
  failWith = undefined
  held = ['VIEW', 'MANAGE']
  delete received.request
  delete received.ctx
})

const call = (method: string, path: string, body?: unknown) =>
  app.request(`/2025-10-13${path}`, { method, headers: auth, body: body === undefined ? undefined : JSON.stringify(body) })

describe('POST /sandbox/webhooks/test', () => {
  it('sends to the given url and answers what the service wrote', async () => {
    const res = await call('POST', '/sandbox/webhooks/test', { url: 'https://hooks.example/x' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(await res.text()).toBe(JSON.stringify({ url: 'https://hooks.example/x', response_status: 200 }))
    expect(received.request).toEqual({ url: 'https://hooks.example/x' })
    expect(received.ctx).toMatchObject({ platformId: 'Platform:1', environment: 'SANDBOX' })
  })

  it('lets the service pick the configured endpoint when the body or its url is missing', async () => {
    expect((await call('POST', '/sandbox/webhooks/test', {})).status).toBe(200)
    expect(received.request?.url).toBeUndefined()
    const res = await app.request('/2025-10-13/sandbox/webhooks/test', { method: 'POST', headers: { Authorization: auth.Authorization } })
    expect(res.status).toBe(200)
    expect(received.request?.url).toBeUndefined()
  })

  it('refuses a url that is not http(s) before calling the service', async () => {
    const res = await call('POST', '/sandbox/webhooks/test', { url: 'ftp://hooks.example/x' })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [expect.objectContaining({ field: 'url' })] } })
    expect(received.request).toBeUndefined()
  })

  it('passes the service errors through: nowhere to send, a failing receiver, production credentials', async () => {
    failWith = new ApiError('WEBHOOK_ENDPOINT_NOT_SET')
    expect(await (await call('POST', '/sandbox/webhooks/test', {})).json()).toMatchObject({ code: 'WEBHOOK_ENDPOINT_NOT_SET' })
    failWith = new ApiError('WEBHOOK_DELIVERY_ERROR', 'HTTP 500', { url: 'https://hooks.example/x', responseStatus: 500 })
    const failed = await call('POST', '/sandbox/webhooks/test', { url: 'https://hooks.example/x' })
    expect(failed.status).toBe(400)
    expect(await failed.json()).toMatchObject({ code: 'WEBHOOK_DELIVERY_ERROR', details: { responseStatus: 500 } })
    failWith = new ApiError('FORBIDDEN', 'sandbox only')
    expect((await call('POST', '/sandbox/webhooks/test', {})).status).toBe(403)
  })

  it('needs the MANAGE permission', async () => {
    held = ['VIEW']
    expect((await call('POST', '/sandbox/webhooks/test', {})).status).toBe(403)
    expect(received.request).toBeUndefined()
  })
})

describe('GET /webhooks/signing-key', () => {
  it("answers the calling environment's public key as the webhooks service wrote it", async () => {
    held = ['VIEW']
    const res = await call('GET', '/webhooks/signing-key')
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(signingKeyJson)
    expect(received.ctx).toMatchObject({ platformId: 'Platform:1', environment: 'SANDBOX' })
  })
})

describe('the delivery log, redelivery and replay', () => {
  it('passes the list filters on as the service takes them', async () => {
    const res = await call('GET', '/webhooks/deliveries?status=DEAD&type=CUSTOMER.CREATED&createdAfter=2026-11-27T10:00:00Z&limit=5')
    expect(res.status).toBe(200)
    expect(received.request).toMatchObject({ limit: 5, status: 'DEAD', webhookType: 'CUSTOMER.CREATED', createdAfter: new Date('2026-11-27T10:00:00Z') })
    expect((await call('GET', '/webhooks/deliveries?status=LOST')).status).toBe(400)
  })

  it('answers 202 with the service\'s JSON, the Idempotency-Key passed on', async () => {
    const res = await app.request('/2025-10-13/webhooks/deliveries/Webhook:1/redeliver', { method: 'POST', headers: { ...auth, 'Idempotency-Key': 'k-1' } })
    expect(res.status).toBe(202)
    expect(await res.text()).toBe(deliveryJson)
    expect(received.ctx).toMatchObject({ idempotencyKey: 'k-1' })
    const replay = await call('POST', '/webhooks/replays', { createdAfter: '2026-11-27T10:00:00Z', createdBefore: '2026-11-27T11:00:00Z', types: ['CUSTOMER.CREATED'] })
    expect(replay.status).toBe(202)
    expect(await replay.text()).toBe(replayJson)
    expect(received.request).toEqual({ createdAfter: new Date('2026-11-27T10:00:00Z'), createdBefore: new Date('2026-11-27T11:00:00Z'), types: ['CUSTOMER.CREATED'] })
  })

  it('refuses a replay without a window, or with dates that are none, before calling the service', async () => {
    for (const body of [{}, { createdAfter: '2026-11-27T10:00:00Z' }, { createdAfter: 'yesterday', createdBefore: '2026-11-27T11:00:00Z' }]) {
      const res = await call('POST', '/webhooks/replays', body)
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT' })
    }
    expect(received.request).toBeUndefined()
  })
})

it('documents the routes in a valid OpenAPI document, the log as an extension', async () => {
  const document = (await (await app.request('/2025-10-13/openapi.json')).json()) as { paths: Record<string, Record<string, { description?: string; tags?: string[] }>> }
  expect((await new Validator().validate(document)).errors).toBeUndefined()
  expect(Object.keys(document.paths)).toEqual(
    expect.arrayContaining(['/sandbox/webhooks/test', '/webhooks/signing-key', '/webhooks/deliveries', '/webhooks/deliveries/{deliveryId}/redeliver', '/webhooks/replays', '/webhooks/replays/{replayId}']),
  )
  expect(document.paths['/webhooks/replays']!.post).toMatchObject({ tags: ['Webhook deliveries'], description: expect.stringContaining('not in the reference') })
})
