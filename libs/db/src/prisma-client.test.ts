import { describe, expect, it } from 'vitest'
import { isUniqueViolation, violatedUniqueIndex } from './prisma-client.js'

describe('isUniqueViolation', () => {
  it('recognises a unique violation from a Prisma model call, from raw SQL, or from a prepared statement', () => {
    expect(isUniqueViolation({ code: 'P2002' })).toBe(true)
    expect(isUniqueViolation({ code: 'P2010', meta: { code: '23505' } })).toBe(true)
    // raw SQL through the pg driver adapter, as Prisma 7 reports it
    expect(isUniqueViolation({ code: 'P2010', meta: { driverAdapterError: { cause: { originalCode: '23505' } } } })).toBe(true)
    expect(isUniqueViolation({ code: '23505' })).toBe(true)
  })

  it('leaves every other failure alone', () => {
    expect(isUniqueViolation({ code: 'P2010', meta: { code: '40001' } })).toBe(false)
    expect(isUniqueViolation({ code: 'P2010', meta: { driverAdapterError: { cause: { originalCode: '40001' } } } })).toBe(false)
    expect(isUniqueViolation({ code: 'P2025' })).toBe(false)
    expect(isUniqueViolation(new Error('boom'))).toBe(false)
    expect(isUniqueViolation(undefined)).toBe(false)
  })
})

describe('violatedUniqueIndex', () => {
  it('names the index a unique violation hit, as Prisma or pg reports it', () => {
    const adapterCause = (index: string) => ({ driverAdapterError: { cause: { originalCode: '23505', constraint: { index } } } })
    expect(violatedUniqueIndex({ code: 'P2002', meta: adapterCause('a_key') })).toBe('a_key')
    expect(violatedUniqueIndex({ code: 'P2010', meta: adapterCause('b_key') })).toBe('b_key')
    expect(violatedUniqueIndex({ code: '23505', constraint: 'c_key' })).toBe('c_key')
    expect(violatedUniqueIndex({ code: 'P2002' })).toBe('unknown')
  })

  it('is undefined for any other failure', () => {
    expect(violatedUniqueIndex({ code: 'P2025' })).toBeUndefined()
    expect(violatedUniqueIndex(new Error('boom'))).toBeUndefined()
  })
})
