import { describe, expect, it } from 'vitest'
import { currentUsage, mergePolicy, weighSpend } from './policy.js'
import type { AgentPolicy, AgentUsage } from './types.js'

const policy: AgentPolicy = {
  permissions: ['CREATE_TRANSFERS'],
  defaultExecutionMode: 'AUTO',
  spendingLimits: { currency: 'EUR', perTransactionLimit: 1_000, dailyLimit: 2_500, dailyTransactionLimit: 3, monthlyLimit: 10_000 },
  approvalThresholds: { currency: 'EUR', amount: 500 },
  accountRestrictions: { allowedAccountIds: null, accountRules: [{ accountId: 'InternalAccount:strict', executionMode: 'APPROVAL_REQUIRED', perTransactionLimit: 100 }] },
}
const now = new Date('2026-11-27T10:00:00Z')
const fresh: AgentUsage = { day: '2026-11-27', dailyCount: 0, dailySpend: 0n, month: '2026-11', monthlySpend: 0n }
const spend = (amount: bigint, internalAccountId = 'InternalAccount:a') => ({ amount, currency: 'EUR', internalAccountId })
const codeOf = (weigh: () => unknown) => {
  try {
    weigh()
  } catch (err) {
    return (err as { code: string }).code
  }
  return 'PASSED'
}

describe('weighSpend', () => {
  it('executes under the threshold, waits for approval above it, and reserves the spend either way', () => {
    expect(weighSpend(policy, fresh, spend(500n), now)).toEqual({ execution: 'AUTO', usage: { ...fresh, dailyCount: 1, dailySpend: 500n, monthlySpend: 500n } })
    expect(weighSpend(policy, fresh, spend(501n), now).execution).toBe('APPROVAL_REQUIRED')
  })

  it('refuses over each hard limit with 403 VELOCITY_LIMIT_EXCEEDED, and another currency with 403 FORBIDDEN', () => {
    expect(codeOf(() => weighSpend(policy, fresh, spend(1_001n), now))).toBe('VELOCITY_LIMIT_EXCEEDED')
    expect(codeOf(() => weighSpend(policy, { ...fresh, dailySpend: 2_000n }, spend(501n), now))).toBe('VELOCITY_LIMIT_EXCEEDED')
    expect(codeOf(() => weighSpend(policy, { ...fresh, dailyCount: 3 }, spend(1n), now))).toBe('VELOCITY_LIMIT_EXCEEDED')
    expect(codeOf(() => weighSpend(policy, { ...fresh, monthlySpend: 9_600n }, spend(500n), now))).toBe('VELOCITY_LIMIT_EXCEEDED')
    expect(codeOf(() => weighSpend(policy, fresh, { ...spend(1n), currency: 'USD' }, now))).toBe('FORBIDDEN')
  })

  it("applies an account's rule over the defaults", () => {
    expect(codeOf(() => weighSpend(policy, fresh, spend(101n, 'InternalAccount:strict'), now))).toBe('VELOCITY_LIMIT_EXCEEDED')
    expect(weighSpend(policy, fresh, spend(10n, 'InternalAccount:strict'), now).execution).toBe('APPROVAL_REQUIRED')
  })

  it('starts a new day and a new month from zero', () => {
    const yesterday = { day: '2026-11-26', dailyCount: 3, dailySpend: 2_500n, month: '2026-11', monthlySpend: 2_500n }
    expect(currentUsage(yesterday, now)).toEqual({ ...fresh, monthlySpend: 2_500n })
    expect(currentUsage({ ...yesterday, month: '2026-10' }, now)).toEqual(fresh)
  })
})

describe('mergePolicy', () => {
  it('replaces what the update names and merges spending limits field by field', () => {
    const merged = mergePolicy(policy, { defaultExecutionMode: 'APPROVAL_REQUIRED', spendingLimits: { dailyLimit: null } })
    expect(merged).toEqual({ ...policy, defaultExecutionMode: 'APPROVAL_REQUIRED', spendingLimits: { ...policy.spendingLimits, dailyLimit: null } })
  })

  it('refuses a threshold in another currency than the limits', () => {
    expect(codeOf(() => mergePolicy(policy, { approvalThresholds: { currency: 'USD', amount: 1 } }))).toBe('INVALID_INPUT')
  })
})
