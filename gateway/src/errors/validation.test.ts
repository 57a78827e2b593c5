import { describe, expect, it } from 'vitest'
import { basicAuth, testApp } from '../../test/support/framework-app.js'

const app = testApp(async () => ({ platformId: 'Platform:1', environment: 'SANDBOX', tokenId: 'Token:1', permissions: ['VIEW'] }))
const headers = { Authorization: basicAuth('client1', 'secret'), 'Content-Type': 'application/json' }
const validThing = { name: 'abc', email: 'a@example.com', kind: 'SMALL', address: { country: 'US' } }

const post = (path: string, body: string, extraHeaders: Record<string, string> = {}) =>
  app.request(`/2025-10-13${path}`, { method: 'POST', headers: { ...headers, ...extraHeaders }, body })

describe('request validation', () => {
  it('passes a valid request to the handler', async () => {
    const res = await post('/things/Thing:1?limit=5', JSON.stringify(validThing))
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ thingId: 'Thing:1', platformId: 'Platform:1' })
  })

  it('answers malformed JSON with 400 INVALID_INPUT', async () => {
    const res = await post('/things/Thing:1', '{"name": "abc",')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      status: 400,
      code: 'INVALID_INPUT',
      message: 'Malformed JSON in request body',
      reason: 'Malformed JSON in request body',
      details: { errors: [{ field: 'body', message: 'Malformed JSON in request body' }] },
    })
  })

  it('answers a body that is not JSON with 400 INVALID_INPUT', async () => {
    const res = await post('/things/Thing:1', 'name=abc', { 'Content-Type': 'text/plain' })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'INVALID_INPUT', reason: 'Unsupported media type' })
  })

  it('lists every invalid body field with a dot-notation path and its constraint', async () => {
    const res = await post('/things/Thing:1', JSON.stringify({ name: 'x', email: 'nope', kind: 'MEDIUM', address: { country: 'usa' } }))
    expect(res.status).toBe(400)
    const body = (await res.json()) as { code: string; details: { errors: unknown[] } }
    expect(body.code).toBe('INVALID_INPUT')
    expect(body.details.errors).toEqual([
      { field: 'name', constraint: { minLength: 2 }, message: expect.any(String) },
      { field: 'email', constraint: { format: 'email' }, message: expect.any(String) },
      { field: 'kind', constraint: { enum: ['SMALL', 'LARGE'] }, message: expect.any(String) },
      { field: 'address.country', constraint: { pattern: '^[A-Z]{2}$' }, message: expect.any(String) },
    ])
  })

  it('names missing fields and a wrong root type', async () => {
    const missing = await post('/things/Thing:1', JSON.stringify({ ...validThing, address: {} }))
    expect(((await missing.json()) as any).details.errors).toEqual([{ field: 'address.country', message: expect.any(String) }])
    const notAnObject = await post('/things/Thing:1', '[]')
    expect(((await notAnObject.json()) as any).details.errors).toEqual([{ field: 'body', message: expect.any(String) }])
  })

  it('validates path parameters', async () => {
    const res = await post('/things/Widget:1', JSON.stringify(validThing))
    expect(res.status).toBe(400)
    expect(((await res.json()) as any).details.errors).toEqual([{ field: 'thingId', constraint: { format: 'starts_with' }, message: expect.any(String) }])
  })

  it('validates query parameters', async () => {
    const res = await post('/things/Thing:1?limit=1000', JSON.stringify(validThing))
    expect(res.status).toBe(400)
    expect(((await res.json()) as any).details.errors).toEqual([{ field: 'limit', message: expect.any(String) }])
  })
})
