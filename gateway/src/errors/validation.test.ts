import { describe, expect, it } from 'vitest'
import { MAX_FIELD_ERRORS } from '@pp/errors'
import { basicAuth, testApp } from '../../test/support/framework-app.js'
import { MAX_NESTING } from './unstorable-text.js'

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

describe('input no service could store', () => {
  const fieldsOf = async (res: Response) => ((await res.json()) as any).details.errors.map((e: { field: string }) => e.field)

  it('refuses a NUL anywhere, naming the field: path, query, JSON at any depth, JSON keys', async () => {
    const inPath = await post('/things/Thing:1%00', JSON.stringify(validThing))
    expect([inPath.status, await fieldsOf(inPath)]).toEqual([400, ['thingId']])
    const inQuery = await post('/things/Thing:1?owner=a%00b', JSON.stringify(validThing))
    expect([inQuery.status, await fieldsOf(inQuery)]).toEqual([400, ['owner']])
    const inBody = await post('/things/Thing:1', JSON.stringify({ ...validThing, name: 'a\u0000b', tags: { deep: [{ x: 'y\u0000' }], 'k\u0000': 1 } }))
    expect([inBody.status, await fieldsOf(inBody)]).toEqual([400, ['name', 'tags.k\u0000', 'tags.deep.0.x']])
  })

  it('refuses an unpaired surrogate, which no UTF-8 text holds', async () => {
    const res = await post('/things/Thing:1', `{"name":"ab","email":"a@example.com","kind":"SMALL","address":{"country":"US"},"tags":{"t":"\\ud800"}}`)
    expect([res.status, await fieldsOf(res)]).toEqual([400, ['tags.t']])
  })

  it(`refuses JSON nested deeper than ${MAX_NESTING} levels, however deep`, async () => {
    const depth = 100_000
    const res = await post('/things/Thing:1', `{"name":"ab","email":"a@example.com","kind":"SMALL","address":{"country":"US"},"tags":{"t":${'['.repeat(depth)}${']'.repeat(depth)}}}`)
    expect(res.status).toBe(400)
    expect(((await res.json()) as any).details.errors[0].message).toMatch(/deeper than/)
  })
})

describe('parameters and identifiers', () => {
  it.each(['0x10', '1e1', '%205', '+5', '5.0', '-1'])('reads limit=%s as no integer at all', async (limit) => {
    const res = await post(`/things/Thing:1?limit=${limit}`, JSON.stringify(validThing))
    expect(res.status).toBe(400)
  })

  it.each(['a%E2%80%AEb', 'a%E2%80%8Bb', '%3Cb%3E', 'a%07b'])('refuses the identifier %s', async (owner) => {
    const res = await post(`/things/Thing:1?owner=${owner}`, JSON.stringify(validThing))
    expect([res.status, await res.json()]).toEqual([400, expect.objectContaining({ details: { errors: [expect.objectContaining({ field: 'owner', constraint: { pattern: '^[^\\p{Cc}\\p{Cf}<>]*$' } })] } })])
  })

  it('refuses a non-ASCII or over-long Idempotency-Key on any route, before the route runs', async () => {
    for (const key of [Buffer.from('clé-ÿ').toString('latin1'), 'k'.repeat(256), 'a\tb']) {
      const res = await post('/things/Thing:1', JSON.stringify(validThing), { 'Idempotency-Key': key })
      expect([res.status, ((await res.json()) as any).details.errors[0].field]).toEqual([400, 'Idempotency-Key'])
    }
    expect((await post('/things/Thing:1', JSON.stringify(validThing), { 'Idempotency-Key': 'order-42 retry' })).status).toBe(201)
  })

  it(`lists the first ${MAX_FIELD_ERRORS} field errors and counts the rest`, async () => {
    const res = await post('/things/Thing:1', JSON.stringify({ ...validThing, codes: Array.from({ length: 10_000 }, () => 'C') }))
    const body = await res.text()
    expect(body.length).toBeLessThan(32 * 1024)
    expect(JSON.parse(body).details).toEqual({ errors: expect.any(Array), omittedErrors: 10_000 - MAX_FIELD_ERRORS })
    expect(JSON.parse(body).details.errors).toHaveLength(MAX_FIELD_ERRORS)
  })
})
