import { describe, expect, it } from 'vitest'
import { assertCanMoveMoney, assertTransition } from './status-rules.js'

describe('internal account status', () => {
  it('lets only ACTIVE accounts move money, naming the status otherwise', () => {
    expect(() => assertCanMoveMoney('InternalAccount:1', 'ACTIVE')).not.toThrow()
    for (const status of ['PENDING', 'FAILED', 'CLOSED', 'FROZEN'] as const) {
      expect(() => assertCanMoveMoney('InternalAccount:1', status)).toThrow(expect.objectContaining({ code: 'CONFLICT', details: { accountId: 'InternalAccount:1', status } }))
    }
  })

  it('follows the status table', () => {
    const allowed = [['PENDING', 'ACTIVE'], ['PENDING', 'FAILED'], ['ACTIVE', 'CLOSED'], ['ACTIVE', 'FROZEN'], ['PENDING', 'FROZEN'], ['PENDING', 'CLOSED'], ['FROZEN', 'ACTIVE']] as const
    for (const [from, to] of allowed) expect(() => assertTransition('A', from, to)).not.toThrow()
    const refused = [['CLOSED', 'ACTIVE'], ['FAILED', 'ACTIVE'], ['ACTIVE', 'PENDING'], ['FROZEN', 'CLOSED'], ['ACTIVE', 'ACTIVE']] as const
    for (const [from, to] of refused) expect(() => assertTransition('A', from, to)).toThrow(expect.objectContaining({ code: 'INVALID_STATE_TRANSITION' }))
  })
})
