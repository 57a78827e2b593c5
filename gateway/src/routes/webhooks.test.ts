import { Validator } from '@seriousme/openapi-schema-validator'
import { ApiError } from '@pp/errors'
import { createGrpcClient, startGrpcServer, unaryService, type HandlerContext, type RunningGrpcServer } from '@pp/grpc'
import { createLogger } from '@pp/logging'
import { WebhooksServiceClient, WebhooksServiceService, type SendTestWebhookRequest } from '@pp/proto/webhooks/v1/webhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Permission } from '../auth/permissions.js'
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

/** What the stub webhooks service received. */
const received: { request?: SendTestWebhookRequest; ctx?: HandlerContext } = {}
let failWith: ApiError | undefined
let held: Permission[]

function stubWebhooksService() {
  return unaryService(logger, {
    async sendTestWebhook(request: SendTestWebhookRequest, ctx) {
      Object.assign(received, { request, ctx })
      if (failWith) throw failWith
      return { resultJson: JSON.stringify({ url: request.url ?? 'https://configured.example/hooks', response_status: 200, response_body: 'ok' }) }
    },
    listDeliveries: async () => ({ data: [], hasMore: false, totalCount: 0 }),
    getDelivery: async () => Promise.reject(new ApiError('NOT_FOUND')),
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
    expect(await res.text()).toBe(JSON.stringify({ url: 'https://hooks.example/x', response_status: 200, response_body: 'ok' }))
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

it('documents both routes in a valid OpenAPI document', async () => {
  const document = (await (await app.request('/2025-10-13/openapi.json')).json()) as { paths: Record<string, unknown> }
  expect((await new Validator().validate(document)).errors).toBeUndefined()
  expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/sandbox/webhooks/test', '/webhooks/signing-key']))
})
