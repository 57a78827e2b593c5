import { describe, expect, it } from 'vitest'
import { assertId, idFromKey, isId, newId } from './index.js'

describe('ids', () => {
  it('makes typed uuid v7 identifiers that sort by creation', () => {
    const first = newId('Customer')
    const second = newId('Customer')
    expect(first).toMatch(/^Customer:[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/)
    expect(first < second).toBe(true)
    expect(isId('Customer', first)).toBe(true)
    expect(isId('Transaction', first)).toBe(false)
  })

  it('rejects malformed identifiers with INVALID_INPUT', () => {
    expect(() => assertId('Customer', 'Customer:nope', 'customerId')).toThrowError(/customerId/)
    expect(assertId('Customer', 'Customer:0196e3c5-8c4b-7000-8000-000000000000', 'id')).toContain('Customer:')
  })

  it('derives the same uuid v7 from the same key, at the given time, and another from another key', () => {
    const at = Date.UTC(2026, 11, 1)
    const id = idFromKey('Transfer', at, 'ACH/261201/081000030000042')
    expect(isId('Transfer', id)).toBe(true)
    expect(idFromKey('Transfer', at, 'ACH/261201/081000030000042')).toBe(id)
    expect(idFromKey('Transfer', at, 'ACH/261201/081000030000043')).not.toBe(id)
    expect(parseInt(id.slice('Transfer:'.length).replace('-', '').slice(0, 12), 16)).toBe(at)
  })
})
