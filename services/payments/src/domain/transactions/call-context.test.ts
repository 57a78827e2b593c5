import { describe, expect, it } from 'vitest'
import type { Transaction } from '../../db/generated/client.js'
import { callContextOf } from './call-context.js'

const row = (requestId: string | null) => ({ id: 'Transaction:1', platformId: 'Platform:1', environment: 'PRODUCTION', requestId }) as Transaction

describe('callContextOf', () => {
  it("carries the request that created the transaction to the ledger, so the money's movement traces back to it", () => {
    expect(callContextOf(row('req-42'), '')).toEqual({ platformId: 'Platform:1', environment: 'PRODUCTION', requestId: 'req-42' })
  })

  it('names the transaction and the step when no request created it (money that arrived on its own)', () => {
    expect(callContextOf(row(null), ':arrival').requestId).toBe('payments:Transaction:1:arrival')
  })
})
