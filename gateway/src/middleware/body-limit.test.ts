import { describe, expect, it } from 'vitest'
import { basicAuth, testApp } from '../../test/support/framework-app.js'
import { MAX_BODY_BYTES, MAX_UPLOAD_BODY_BYTES } from './body-limit.js'

const app = testApp(async () => ({ platformId: 'Platform:1', environment: 'SANDBOX', tokenId: 'Token:1', permissions: ['VIEW'] }))
const headers = { Authorization: basicAuth('client1', 'secret'), 'Content-Type': 'application/json' }
const path = '/2025-10-13/things/Thing:1'

/** A JSON document of exactly `bytes` bytes. */
const jsonOfSize = (bytes: number): string => `{"name":"${'a'.repeat(bytes - 11)}"}`

function chunked(body: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(body)
  let offset = 0
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close()
      controller.enqueue(bytes.subarray(offset, offset + 64 * 1024))
      offset += 64 * 1024
    },
  })
}

describe('body limit', () => {
  it('rejects a declared body of 1 MiB + 1 byte with 413 PAYLOAD_TOO_LARGE', async () => {
    const body = jsonOfSize(MAX_BODY_BYTES + 1)
    const res = await app.request(path, { method: 'POST', headers: { ...headers, 'Content-Length': String(body.length) }, body })
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: {} })
    expect(res.headers.get('X-Request-Id')).toBeTruthy()
  })

  it('rejects a chunked body without Content-Length once it passes 1 MiB', async () => {
    const res = await app.request(path, { method: 'POST', headers, body: chunked(jsonOfSize(MAX_BODY_BYTES + 1)), duplex: 'half' } as RequestInit)
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
  })

  it('lets a body of exactly 1 MiB through to validation', async () => {
    const res = await app.request(path, { method: 'POST', headers, body: chunked(jsonOfSize(MAX_BODY_BYTES)), duplex: 'half' } as RequestInit)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT' })
  })
})

describe('body limit of uploads', () => {
  const multipart = (bytes: number) => {
    const form = new FormData()
    form.set('file', new Blob([new Uint8Array(bytes)]), 'big.pdf')
    return form
  }

  it('lets a multipart body over 1 MiB through', async () => {
    const res = await app.request(path, { method: 'POST', headers: { Authorization: headers.Authorization }, body: multipart(MAX_BODY_BYTES + 1) })
    expect(res.status).not.toBe(413)
  })

  it('rejects a multipart body over 11 MiB', async () => {
    const res = await app.request(path, { method: 'POST', headers: { Authorization: headers.Authorization }, body: multipart(MAX_UPLOAD_BODY_BYTES + 1) })
    expect(res.status).toBe(413)
  })
})
