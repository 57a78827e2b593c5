import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { codeMac } from './code-mac.js'

const KEY = '11'.repeat(32)

describe('the keyed digest of short codes', () => {
  it('matches the code it digested, bound to the same parts, and nothing else', () => {
    const mac = codeMac(KEY, 'otp')
    const stored = mac.digest('Request:1', '123456')
    expect(mac.matches(stored, 'Request:1', '123456')).toBe(true)
    expect(mac.matches(stored, 'Request:1', '123457')).toBe(false)
    expect(mac.matches(stored, 'Request:2', '123456')).toBe(false)
    expect(mac.matches('short', 'Request:1', '123456')).toBe(false)
  })

  it('is no plain hash of the code, and differs by key and by purpose', () => {
    const stored = codeMac(KEY, 'otp').digest('123456')
    expect(stored).toMatch(/^[0-9a-f]{64}$/)
    expect(stored).not.toBe(createHash('sha256').update('123456').digest('hex'))
    expect(codeMac('22'.repeat(32), 'otp').digest('123456')).not.toBe(stored)
    expect(codeMac(KEY, 'contact').digest('123456')).not.toBe(stored)
  })

  it('after a rotation matches digests made under a previous key, and digests under the new one', () => {
    const before = codeMac(KEY, 'otp').digest('Request:1', '123456')
    const after = codeMac('22'.repeat(32), 'otp', [KEY])
    expect(after.matches(before, 'Request:1', '123456')).toBe(true)
    expect(after.matches(before, 'Request:1', '123457')).toBe(false)
    expect(after.digest('Request:1', '123456')).toBe(codeMac('22'.repeat(32), 'otp').digest('Request:1', '123456'))
    expect(codeMac('22'.repeat(32), 'otp').matches(before, 'Request:1', '123456')).toBe(false)
  })

  it('refuses a key that is not 32 bytes', () => {
    expect(() => codeMac('11', 'otp')).toThrow('32 bytes')
  })
})
