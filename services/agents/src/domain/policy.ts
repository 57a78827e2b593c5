import { ApiError, invalidInput, type FieldError } from '@pp/errors'
import type { AgentPermission, AgentPolicy, AgentPolicyUpdate, AgentUsage, ExecutionMode } from './types.js'

/**
 * The one place an agent's policy is weighed. `weighSpend` runs inside the transaction that holds
 * the agent's row lock and records the action, so what it reads is what the reservation writes:
 * concurrent actions of one agent are weighed one after another and never pass a limit together.
 */

/** Refuses a policy whose parts contradict each other (shapes are the gateway's to check). */
export function assertPolicy(policy: AgentPolicy, field = 'policy'): AgentPolicy {
  const errors: FieldError[] = []
  const limits = policy.spendingLimits
  const threshold = policy.approvalThresholds
  if (threshold?.currency !== undefined && threshold.currency !== limits.currency) {
    errors.push({ field: `${field}.approvalThresholds.currency`, message: `must be the spending limits' currency (${limits.currency})` })
  }
  const ids = policy.accountRestrictions?.accountRules?.map((rule) => rule.accountId) ?? []
  if (new Set(ids).size !== ids.length) errors.push({ field: `${field}.accountRestrictions.accountRules`, message: 'names an account twice' })
  if (errors.length > 0) throw invalidInput(errors)
  return { ...policy, permissions: [...new Set(policy.permissions)] }
}

/** The stored policy with a PATCH applied. */
export function mergePolicy(current: AgentPolicy, update: AgentPolicyUpdate): AgentPolicy {
  return assertPolicy({
    permissions: update.permissions ?? current.permissions,
    defaultExecutionMode: update.defaultExecutionMode ?? current.defaultExecutionMode,
    spendingLimits: { ...current.spendingLimits, ...update.spendingLimits },
    accountRestrictions: update.accountRestrictions ?? current.accountRestrictions,
    approvalThresholds: update.approvalThresholds ?? current.approvalThresholds,
  })
}

/** 403 FORBIDDEN unless the policy grants every one of `needed`. */
export function requirePermissions(policy: AgentPolicy, ...needed: AgentPermission[]): void {
  const missing = needed.filter((p) => !policy.permissions.includes(p))
  if (missing.length > 0) {
    throw new ApiError('FORBIDDEN', `The agent's policy does not grant ${missing.join(', ')}`, { requiredPermissions: missing })
  }
}

/** 403 FORBIDDEN when the policy limits the agent to other internal accounts. */
export function requireAllowedAccount(policy: AgentPolicy, internalAccountId: string): void {
  const allowed = policy.accountRestrictions?.allowedAccountIds
  if (allowed != null && !allowed.includes(internalAccountId)) {
    throw new ApiError('FORBIDDEN', `The agent's policy does not allow account ${internalAccountId}`, { accountId: internalAccountId })
  }
}

/** The UTC day and month `now` counts in. */
export const periodsOf = (now: Date): { day: string; month: string } => {
  const iso = now.toISOString()
  return { day: iso.slice(0, 10), month: iso.slice(0, 7) }
}

/** The usage as of `now`: a counter of an earlier day or month reads zero. */
export function currentUsage(usage: AgentUsage, now: Date): AgentUsage {
  const { day, month } = periodsOf(now)
  const sameDay = usage.day === day
  const sameMonth = usage.month === month
  return {
    day,
    dailyCount: sameDay ? usage.dailyCount : 0,
    dailySpend: sameDay ? usage.dailySpend : 0n,
    month,
    monthlySpend: sameMonth ? usage.monthlySpend : 0n,
  }
}

export interface Spend {
  amount: bigint
  currency: string
  /** The customer's internal account the money leaves or reaches: its account rule applies. */
  internalAccountId: string
}

export interface SpendVerdict {
  /** AUTO executes now; APPROVAL_REQUIRED waits for the platform. */
  execution: ExecutionMode
  /** The usage with this spend reserved. */
  usage: AgentUsage
}

const overLimit = (what: string, limit: bigint | number, details: Record<string, unknown>) =>
  new ApiError('VELOCITY_LIMIT_EXCEEDED', `This action would exceed the agent's ${what} (${limit})`, { limit: Number(limit), ...details })

/**
 * Weighs one spend against the policy and the usage so far: refused (403) over a hard limit,
 * otherwise executed at once or held for approval, with the spend reserved either way (a
 * rejection or a failure gives it back).
 */
export function weighSpend(policy: AgentPolicy, stored: AgentUsage, spend: Spend, now: Date): SpendVerdict {
  const limits = policy.spendingLimits
  if (spend.currency !== limits.currency) {
    throw new ApiError('FORBIDDEN', `The agent's limits are in ${limits.currency}; this action moves ${spend.currency}`, {
      policyCurrency: limits.currency,
      currency: spend.currency,
    })
  }
  const rule = policy.accountRestrictions?.accountRules?.find((r) => r.accountId === spend.internalAccountId)
  const perTransaction = rule?.perTransactionLimit ?? limits.perTransactionLimit
  const details = { amount: Number(spend.amount), currency: spend.currency }
  if (spend.amount > BigInt(perTransaction)) throw overLimit('per-transaction limit', perTransaction, details)
  const usage = currentUsage(stored, now)
  if (limits.dailyTransactionLimit !== undefined && usage.dailyCount + 1 > limits.dailyTransactionLimit) {
    throw overLimit('daily transaction count', limits.dailyTransactionLimit, details)
  }
  if (limits.dailyLimit != null && usage.dailySpend + spend.amount > BigInt(limits.dailyLimit)) throw overLimit('daily limit', limits.dailyLimit, details)
  if (limits.monthlyLimit != null && usage.monthlySpend + spend.amount > BigInt(limits.monthlyLimit)) {
    throw overLimit('monthly limit', limits.monthlyLimit, details)
  }
  const threshold = policy.approvalThresholds?.amount
  const mode = rule?.executionMode ?? policy.defaultExecutionMode
  const execution: ExecutionMode = mode === 'APPROVAL_REQUIRED' || (threshold != null && spend.amount > BigInt(threshold)) ? 'APPROVAL_REQUIRED' : 'AUTO'
  return {
    execution,
    usage: { ...usage, dailyCount: usage.dailyCount + 1, dailySpend: usage.dailySpend + spend.amount, monthlySpend: usage.monthlySpend + spend.amount },
  }
}
