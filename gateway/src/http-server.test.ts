import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { ApiError } from '@pp/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { basicAuth, testApp } from '../test/support/framework-app.js'
import { listenGateway } from './http-server.js'
import { MAX_BODY_BYTES, MAX_UPLOAD_BODY_BYTES } from './middleware/body-limit.js'

const app = testApp(async ({ clientSecret }) => {
  if (clientSecret !== 'secret') throw new ApiError('UNAUTHORIZED', 'Invalid credentials')
  return { platformId: 'Platform:1', environment: 'SANDBOX', tokenId: 'Token:1', permissions: ['VIEW'] }
})
const GOOD = basicAuth('client1', 'secret')
const WRONG = basicAuth('client1', 'wrong')

let server: ReturnType<typeof listenGateway>
let port: number
let connections = 0

beforeAll(async () => {
  server = listenGateway(app, { port: 0, hostname: '127.0.0.1' })
  server.on('connection', () => connections++)
  await new Promise((resolve) => server.once('listening', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(() => new Promise((resolve) => server.close(resolve)))

interface Answer {
  status: number
  connection: string | undefined
  body: any
}

/**
 * One request through `agent`. The body goes after `bodyDelayMs`, when given: after the answer,
 * as a client that streams a large upload would still be sending it.
 */
function request(
  agent: http.Agent,
  options: { path: string; auth: string; headers?: Record<string, string>; body?: Buffer; chunked?: boolean; bodyDelayMs?: number },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { authorization: options.auth, 'content-type': 'application/json', ...options.headers }
    if (options.body !== undefined) headers[options.chunked ? 'transfer-encoding' : 'content-length'] = options.chunked ? 'chunked' : options.body.length
    const outgoing = http.request({ host: '127.0.0.1', port, method: options.body ? 'POST' : 'GET', path: `/2025-10-13${options.path}`, agent, headers })
    outgoing.on('response', (response) => {
      let text = ''
      response.on('data', (chunk) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode!, connection: response.headers.connection, body: JSON.parse(text) }))
    })
    outgoing.on('error', reject)
    if (options.body === undefined) return outgoing.end()
    if (options.bodyDelayMs === undefined) return outgoing.end(options.body)
    outgoing.flushHeaders()
    setTimeout(() => outgoing.end(options.body), options.bodyDelayMs)
  })
}

/** Sends a rejected request, then a good one, over one keep-alive connection at most. */
async function rejectedThenGood(rejected: Parameters<typeof request>[1]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  try {
    const before = connections
    const first = await request(agent, rejected)
    const second = await request(agent, { path: '/whoami', auth: GOOD })
    return { first, second, connectionsUsed: connections - before }
  } finally {
    agent.destroy()
  }
}

const bytes = (n: number) => Buffer.alloc(n, 'x')

describe('a keep-alive connection after a rejected request', () => {
  it('serves the next request after a 413 from the declared length', async () => {
    const { first, second, connectionsUsed } = await rejectedThenGood({ path: '/things/Thing:1', auth: GOOD, body: bytes(2 * MAX_BODY_BYTES) })
    expect([first.status, first.body.code, first.connection]).toEqual([413, 'PAYLOAD_TOO_LARGE', 'keep-alive'])
    expect(second).toMatchObject({ status: 200, body: { platformId: 'Platform:1' } })
    expect(connectionsUsed).toBe(1)
  })

  it('serves the next request after an early 401, the body arriving after the answer', async () => {
    const { first, second, connectionsUsed } = await rejectedThenGood({ path: '/things/Thing:1', auth: WRONG, body: bytes(512 * 1024), bodyDelayMs: 700 })
    expect([first.status, first.body.code, first.connection]).toEqual([401, 'UNAUTHORIZED', 'keep-alive'])
    expect(second.status).toBe(200)
    expect(connectionsUsed).toBe(1)
  })

  it('says Connection: close when the refused body will not be read, and the next request goes on a new one', async () => {
    const chunked = await rejectedThenGood({ path: '/things/Thing:1', auth: GOOD, body: bytes(2 * MAX_BODY_BYTES), chunked: true })
    expect([chunked.first.status, chunked.first.connection]).toEqual([413, 'close'])
    expect(chunked.second.status).toBe(200)
    expect(chunked.connectionsUsed).toBe(2)

    const huge = await rejectedThenGood({ path: '/things/Thing:1', auth: GOOD, body: bytes(MAX_UPLOAD_BODY_BYTES + 1) })
    expect([huge.first.status, huge.first.connection]).toEqual([413, 'close'])
    expect(huge.second.status).toBe(200)
  })
})

describe('a request Node cannot parse', () => {
  const oversizedHeaders = { authorization: GOOD, 'x-padding': 'p'.repeat(20_000) }

  it('is answered in the error contract', async () => {
    const answer = await request(new http.Agent({ keepAlive: false }), { path: '/whoami', auth: GOOD, headers: oversizedHeaders })
    expect(answer).toMatchObject({
      status: 400,
      connection: 'close',
      body: { status: 400, code: 'INVALID_INPUT', details: { errors: [{ field: 'headers', message: expect.any(String) }] } },
    })
  })

  it('is answered, not reset, while the client is still sending a body behind the headers', async () => {
    for (let i = 0; i < 10; i++) {
      const answer = await request(new http.Agent({ keepAlive: false }), { path: '/things/Thing:1', auth: GOOD, headers: oversizedHeaders, body: bytes(8 * MAX_BODY_BYTES) })
      expect(answer.status).toBe(400)
    }
  })
})
