import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tableResolver } from '@pp/egress'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPostWebhook, postWebhook } from './http-post.js'

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
    expect(await post('/ok')).toMatchObject({ isSuccess: true, statusCode: 200, responseBody: 'got yes', error: undefined })
  })

  it("counts a 409 (the receiver processed this webhook's id already) as delivered, and other 4xx as failures", async () => {
    expect(await post('/seen')).toMatchObject({ isSuccess: true, statusCode: 409, error: undefined })
    expect(await post('/gone')).toMatchObject({ isSuccess: false, statusCode: 410, error: 'HTTP 410' })
  })

  it('does not follow a redirect', async () => {
    expect(await post('/redirect')).toMatchObject({ isSuccess: false, statusCode: 302, error: 'HTTP 302' })
  })

  it('keeps the first 4 KiB of a long answer', async () => {
    const result = await post('/big')
    expect(result.isSuccess).toBe(true)
    expect(result.responseBody).toHaveLength(4_096)
  })

  it('counts an answer cut short as no answer', async () => {
    const result = await post('/cut')
    expect(result).toMatchObject({ isSuccess: false, error: expect.stringMatching(/^connection failed/) })
    expect(result.statusCode).toBeUndefined()
  })

  it('refuses an address the environment may not reach without sending anything', async () => {
    const before = handled
    const viaDns = createPostWebhook(tableResolver({ 'hooks.rebound.example': ['127.0.0.1'] }))
    const postAs = (environment: 'SANDBOX' | 'PRODUCTION', url: string) => viaDns({ url, environment, body: '{}', headers: {}, timeoutMs: 2_000 })
    const byName = `${base.replace('127.0.0.1', 'hooks.rebound.example')}/ok`
    expect(await postAs('PRODUCTION', byName)).toMatchObject({
      isSuccess: false, error: 'endpoint address refused: hooks.rebound.example resolves to 127.0.0.1, a loopback address',
    })
    expect(await postAs('PRODUCTION', `${base}/ok`)).toMatchObject({ isSuccess: false, error: 'endpoint address refused: 127.0.0.1 is a loopback address' })
    expect(await postAs('SANDBOX', 'http://10.1.2.3/ok')).toMatchObject({ isSuccess: false, error: 'endpoint address refused: 10.1.2.3 is a private address' })
    expect(handled).toBe(before)
    expect(await postAs('SANDBOX', byName)).toMatchObject({ isSuccess: true, statusCode: 200 })
  })

  it('refuses what is not an http(s) URL without sending anything', async () => {
    expect(await post('', 'ftp://127.0.0.1/x')).toMatchObject({ isSuccess: false, error: 'not an http(s) URL' })
    expect(await post('', 'not a url')).toMatchObject({ isSuccess: false, error: 'not an http(s) URL' })
  })
})
