import { ApiError } from '@pp/errors'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { callerOf, tenantFrom } from './caller.js'
import type { HandlerContext } from './unary.js'

const logger = pino({ level: 'silent' })
const received = (fields: Partial<HandlerContext>): HandlerContext => ({ platformId: '', environment: undefined, requestId: 'req-1', logger, ...fields })

describe('callerOf', () => {
  it('gives the tenant, request id and idempotency key a call was sent with', () => {
    const ctx = received({ platformId: 'Platform:1', environment: 'PRODUCTION', idempotencyKey: 'key-1' })
    expect(callerOf(ctx)).toEqual({ platformId: 'Platform:1', environment: 'PRODUCTION', requestId: 'req-1', idempotencyKey: 'key-1' })
    expect(tenantFrom(ctx)).toEqual({ platformId: 'Platform:1', environment: 'PRODUCTION' })
  })

  it('refuses a call that names no platform as unauthenticated', () => {
    expect(() => callerOf(received({ environment: 'SANDBOX' }))).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED' }))
  })

  it('refuses a call that names a platform but no environment, rather than taking it for a sandbox call', () => {
    const thrown = (() => {
      try {
        return callerOf(received({ platformId: 'Platform:1' }))
      } catch (err) {
        return err
      }
    })()
    expect(thrown).toBeInstanceOf(ApiError)
    expect((thrown as ApiError).code).toBe('INTERNAL_ERROR')
  })
})
