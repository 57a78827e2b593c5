import { describe, expect, it } from 'vitest'
import { canonicalEnvelope, canonicalJson } from './canonical.js'

describe('canonicalJson', () => {
  it('sorts the keys of every object, however deep, and keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}')
  })

  it('gives one text for copies serialized in different key orders (a jsonb row and a parsed message)', () => {
    const written = { id: 'Event:1', type: 'FUNDS_CREDITED', data: { amount: '100', currency: 'USD' } }
    const readBack = JSON.parse('{"data":{"currency":"USD","amount":"100"},"type":"FUNDS_CREDITED","id":"Event:1"}') as object
    expect(canonicalEnvelope(readBack).equals(canonicalEnvelope(written))).toBe(true)
  })

  it('leaves out undefined fields, as JSON does, and escapes strings as JSON does', () => {
    expect(canonicalJson({ requestId: undefined, reason: 'a "quoted"\nline' })).toBe('{"reason":"a \\"quoted\\"\\nline"}')
  })

  it('tells apart envelopes that differ in any field', () => {
    const envelope = { id: 'Event:1', source: 'ledger', data: { amount: '100' } }
    expect(canonicalEnvelope({ ...envelope, data: { amount: '1000' } }).equals(canonicalEnvelope(envelope))).toBe(false)
    expect(canonicalEnvelope({ ...envelope, source: 'payments' }).equals(canonicalEnvelope(envelope))).toBe(false)
  })
})
