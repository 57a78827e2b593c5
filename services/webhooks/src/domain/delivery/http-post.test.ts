import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tableResolver } from '@pp/egress'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPostWebhook } from './http-post.js'

/** Local development's rule: the receivers of these tests are on loopback. */
const postWebhook = createPostWebhook(undefined, { allowLoopback: true })

let server: Server
let base: string
let handled = 0

beforeAll(async () => {
  server = createServer((request, response) => {
    handled += 1
    request.resume()
    if (request.url === '/redirect') return void response.writeHead(302, { Location: '/ok' }).end()
    if (request.url === '/seen') return void response.writeHead(409).end('{"code":"CONFLICT"}')
    if (request.url === '/gone') return void response.writeHead(410).end()
    if (request.url === '/big') return void response.writeHead(200).end('x'.repeat(100_000))
    if (request.url === '/cut') {
      response.writeHead(200, { 'Content-Length': '100' }).write('partial')
      return void setTimeout(() => response.destroy(), 10)
    }
    response.writeHead(200).end(`got ${request.headers['x-test']}`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => {
  server.closeAllConnections()
  server.close()
})

const post = (path: string, url = `${base}${path}`) =>
  postWebhook({ url, environment: 'SANDBOX', body: '{}', headers: { 'X-Test': 'yes' }, timeoutMs: 2_000 })

describe('postWebhook', () => {
  it('sends the headers and answers the status, the body and the latency', async () => {
    expect(await post('/ok')).toEqual({ isSuccess: true, statusCode: 200, error: undefined, latencyMs: expect.any(Number) })
  })

  it("counts a 409 (the receiver processed this webhook's id already) as delivered, and other 4xx as failures", async () => {
    expect(await post('/seen')).toMatchObject({ isSuccess: true, statusCode: 409, error: undefined })
    expect(await post('/gone')).toMatchObject({ isSuccess: false, statusCode: 410, error: 'HTTP 410' })
  })

  it('does not follow a redirect', async () => {
    expect(await post('/redirect')).toMatchObject({ isSuccess: false, statusCode: 302, error: 'HTTP 302' })
  })

  it('reads a long answer to its end and keeps none of it', async () => {
    const result = await post('/big')
    expect(result).toEqual({ isSuccess: true, statusCode: 200, error: undefined, latencyMs: expect.any(Number) })
  })

  it('counts an answer cut short as no answer', async () => {
    const result = await post('/cut')
    expect(result).toMatchObject({ isSuccess: false, error: expect.stringMatching(/^connection failed/) })
    expect(result.statusCode).toBeUndefined()
  })

  it('refuses an address the environment may not reach without sending anything', async () => {
    const before = handled
    const resolve = tableResolver({ 'hooks.rebound.example': ['127.0.0.1'], 'hooks.public.example': ['93.184.216.34'] })
    const local = createPostWebhook(resolve, { allowLoopback: true })
    const shared = createPostWebhook(resolve)
    const postAs = (via: typeof local, environment: 'SANDBOX' | 'PRODUCTION', url: string) => via({ url, environment, body: '{}', headers: {}, timeoutMs: 2_000 })
    const byName = `${base.replace('127.0.0.1', 'hooks.rebound.example')}/ok`
    const overTls = (url: string) => url.replace('http:', 'https:')
    expect(await postAs(local, 'PRODUCTION', overTls(byName))).toMatchObject({
      isSuccess: false, error: 'endpoint address refused: hooks.rebound.example resolves to 127.0.0.1, a loopback address',
    })
    expect(await postAs(local, 'PRODUCTION', overTls(`${base}/ok`))).toMatchObject({ isSuccess: false, error: 'endpoint address refused: 127.0.0.1 is a loopback address' })
    expect(await postAs(local, 'PRODUCTION', 'http://hooks.public.example/ok')).toMatchObject({ isSuccess: false, error: 'endpoint address refused: a production endpoint must use https' })
    expect(await postAs(local, 'SANDBOX', 'http://10.1.2.3/ok')).toMatchObject({ isSuccess: false, error: 'endpoint address refused: 10.1.2.3 is a private address' })
    // loopback is local development's alone
    expect(await postAs(shared, 'SANDBOX', byName)).toMatchObject({
      isSuccess: false, error: 'endpoint address refused: hooks.rebound.example resolves to 127.0.0.1, a loopback address',
    })
    expect(await postAs(shared, 'SANDBOX', `${base}/ok`)).toMatchObject({ isSuccess: false, error: 'endpoint address refused: 127.0.0.1 is a loopback address' })
    expect(handled).toBe(before)
    expect(await postAs(local, 'SANDBOX', byName)).toMatchObject({ isSuccess: true, statusCode: 200 })
  })

  it('refuses what is not an http(s) URL without sending anything', async () => {
    expect(await post('', 'ftp://127.0.0.1/x')).toMatchObject({ isSuccess: false, error: 'not an http(s) URL' })
    expect(await post('', 'not a url')).toMatchObject({ isSuccess: false, error: 'not an http(s) URL' })
  })
})
