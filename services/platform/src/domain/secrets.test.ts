import { describe, expect, it } from 'vitest'
import { newClientId, newClientSecret } from './secrets.js'

describe('token credentials', () => {
  it('makes opaque client ids and 32-byte secrets', () => {
    expect(newClientId()).toMatch(/^[0-9a-f]{32}$/)
    expect(newClientSecret()).toMatch(/^[0-9a-f]{64}$/)
  })
})
