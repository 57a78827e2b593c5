import { z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { toFieldErrors } from './field-errors.js'

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value)
  if (result.success) throw new Error('expected a validation failure')
  return result.error.issues
}

describe('toFieldErrors', () => {
  it('uses the spec names of formats zod spells differently', () => {
    const schema = z.object({ phone: z.e164(), at: z.iso.datetime(), on: z.iso.date(), site: z.url() })
    const errors = toFieldErrors(issuesOf(schema, { phone: '555', at: 'now', on: 'today', site: 'nope' }), 'json')
    expect(errors.map((e) => [e.field, e.constraint])).toEqual([
      ['phone', { format: 'e.164' }],
      ['at', { format: 'date-time' }],
      ['on', { format: 'date' }],
      ['site', { format: 'url' }],
    ])
  })

  it('joins nested and array paths with dots', () => {
    const schema = z.object({ owners: z.array(z.object({ name: z.string().max(3) })) })
    expect(toFieldErrors(issuesOf(schema, { owners: [{ name: 'ok' }, { name: 'too long' }] }), 'json')).toEqual([
      { field: 'owners.1.name', constraint: { maxLength: 3 }, message: expect.any(String) },
    ])
  })

  it('lists each unknown key of a strict object', () => {
    const schema = z.strictObject({ a: z.string() })
    expect(toFieldErrors(issuesOf(schema, { a: 'x', b: 1, c: 2 }), 'json')).toEqual([
      { field: 'b', message: 'Unknown field b' },
      { field: 'c', message: 'Unknown field c' },
    ])
  })

  it('gives no constraint for numbers and non-string enums', () => {
    const schema = z.object({ n: z.number().min(1), level: z.literal(3) })
    expect(toFieldErrors(issuesOf(schema, { n: 0, level: 4 }), 'json')).toEqual([
      { field: 'n', message: expect.any(String) },
      { field: 'level', message: expect.any(String) },
    ])
  })

  it('names the source when the whole value is wrong', () => {
    expect(toFieldErrors(issuesOf(z.object({}), 'x'), 'query')).toEqual([{ field: 'query', message: expect.any(String) }])
  })
})
