import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable, unavailableDatabaseError, unstorableTextError } from './database-input.js'

describe('unstorableTextError', () => {
  const nul = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' })

  it("answers the driver's refusal of a NUL as INVALID_INPUT without its words", () => {
    const answer = unstorableTextError(nul)
    expect(answer?.toBody()).toMatchObject({ status: 400, code: 'INVALID_INPUT' })
    expect(JSON.stringify(answer?.toBody())).not.toMatch(/UTF8|byte sequence/)
  })

  it('finds it wrapped by Prisma and its driver adapter, and a \\u0000 escape refused in JSON', () => {
    const wrapped = { code: 'P2010', meta: { driverAdapterError: { cause: { kind: 'postgres', originalCode: '22P05' } } } }
    expect(unstorableTextError(wrapped)?.code).toBe('INVALID_INPUT')
    expect(unstorableTextError(new Error('query failed', { cause: nul }))?.code).toBe('INVALID_INPUT')
  })

  it('leaves every other failure alone', () => {
    expect(unstorableTextError(Object.assign(new Error('deadlock'), { code: '40P01' }))).toBeUndefined()
    expect(unstorableTextError(undefined)).toBeUndefined()
  })
})

describe('isDatabaseUnavailable', () => {
  it("knows a database that does not take connections, as the driver's error or wrapped by Prisma", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isDatabaseUnavailable({ code: 'P2039', meta: { driverAdapterError: { cause: { originalCode: '57P01' } } } })).toBe(true)
    expect(isDatabaseUnavailable({ code: 'P1017', meta: { driverAdapterError: { cause: { kind: 'ConnectionClosed' } } } })).toBe(true)
    expect(isDatabaseUnavailable(new Error('query failed', { cause: { kind: 'DatabaseNotReachable' } }))).toBe(true)
    expect(isDatabaseUnavailable({ code: 'P2028', message: 'Transaction API error: Unable to start a transaction in the given time.' })).toBe(true)
    expect(unavailableDatabaseError(new Error('Connection terminated'))?.toBody()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' })
  })

  it('leaves a failure of the request alone', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false)
    expect(isDatabaseUnavailable({ code: 'P2010', meta: { driverAdapterError: { cause: { originalCode: '40P01' } } } })).toBe(false)
    expect(isDatabaseUnavailable({ code: 'P2028', message: 'Transaction API error: Transaction not found.' })).toBe(false)
    expect(unavailableDatabaseError(undefined)).toBeUndefined()
  })
})
