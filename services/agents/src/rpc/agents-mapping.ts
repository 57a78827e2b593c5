import { invalidInput, type FieldError } from '@pp/errors'
import type * as pb from '@pp/proto/agents/v1/agents'
import { AGENT_PERMISSIONS, EXECUTION_MODES, type AccountRestrictions, type AgentPermission, type AgentPolicy, type AgentPolicyUpdate, type ApprovalThresholds, type ExecutionMode } from '../domain/types.js'

const num = (value: bigint | undefined): number | undefined => (value === undefined ? undefined : Number(value))

function permissionsOf(values: string[], field: string, errors: FieldError[]): AgentPermission[] {
  values.forEach((p, i) => {
    if (!(AGENT_PERMISSIONS as readonly string[]).includes(p)) errors.push({ field: `${field}.${i}`, message: 'is not an agent permission', constraint: { enum: [...AGENT_PERMISSIONS] } })
  })
  return values as AgentPermission[]
}

function modeOf(value: string | undefined, field: string, errors: FieldError[]): ExecutionMode | undefined {
  if (value !== undefined && !(EXECUTION_MODES as readonly string[]).includes(value)) {
    errors.push({ field, message: 'is not an execution mode', constraint: { enum: [...EXECUTION_MODES] } })
  }
  return value as ExecutionMode | undefined
}

function restrictionsOf(value: pb.AgentAccountRestrictions | undefined, field: string, errors: FieldError[]): AccountRestrictions | undefined {
  if (!value) return undefined
  return {
    allowedAccountIds: value.hasAllowedAccountIds ? value.allowedAccountIds : null,
    accountRules: value.accountRules.map((rule, i) => ({
      accountId: rule.accountId,
      ...(rule.executionMode !== undefined && { executionMode: modeOf(rule.executionMode, `${field}.accountRules.${i}.executionMode`, errors) }),
      ...(rule.perTransactionLimit !== undefined && { perTransactionLimit: num(rule.perTransactionLimit) }),
    })),
  }
}

const thresholdsOf = (value: pb.AgentApprovalThresholds | undefined): ApprovalThresholds | undefined =>
  value && { ...(value.currency !== undefined && { currency: value.currency }), amount: num(value.amount) ?? null }

function refuse(errors: FieldError[]): void {
  if (errors.length > 0) throw invalidInput(errors)
}

/** The policy of a new agent; enumerated values are checked here, their consistency by the domain. */
export function policyFromProto(policy: pb.AgentPolicy | undefined): AgentPolicy {
  const errors: FieldError[] = []
  if (!policy?.spendingLimits) throw invalidInput([{ field: 'policy.spendingLimits', message: 'is required' }])
  const limits = policy.spendingLimits
  const result: AgentPolicy = {
    permissions: permissionsOf(policy.permissions, 'policy.permissions', errors),
    defaultExecutionMode: modeOf(policy.defaultExecutionMode, 'policy.defaultExecutionMode', errors) ?? 'AUTO',
    spendingLimits: {
      currency: limits.currency,
      perTransactionLimit: Number(limits.perTransactionLimit),
      ...(limits.dailyLimit !== undefined && { dailyLimit: num(limits.dailyLimit) }),
      ...(limits.dailyTransactionLimit !== undefined && { dailyTransactionLimit: num(limits.dailyTransactionLimit) }),
      ...(limits.monthlyLimit !== undefined && { monthlyLimit: num(limits.monthlyLimit) }),
    },
    ...(policy.accountRestrictions && { accountRestrictions: restrictionsOf(policy.accountRestrictions, 'policy.accountRestrictions', errors) }),
    ...(policy.approvalThresholds && { approvalThresholds: thresholdsOf(policy.approvalThresholds) }),
  }
  refuse(errors)
  return result
}

export function policyUpdateFromProto(req: pb.UpdateAgentPolicyRequest): AgentPolicyUpdate {
  const errors: FieldError[] = []
  const limits = req.spendingLimits
  const update: AgentPolicyUpdate = {
    ...(req.hasPermissions && { permissions: permissionsOf(req.permissions, 'permissions', errors) }),
    ...(req.defaultExecutionMode !== undefined && { defaultExecutionMode: modeOf(req.defaultExecutionMode, 'defaultExecutionMode', errors) }),
    ...(limits && {
      spendingLimits: {
        ...(limits.currency !== undefined && { currency: limits.currency }),
        ...(limits.perTransactionLimit !== undefined && { perTransactionLimit: num(limits.perTransactionLimit) }),
        ...(limits.dailyLimit !== undefined || limits.clearDailyLimit ? { dailyLimit: num(limits.dailyLimit) ?? null } : {}),
        ...(limits.dailyTransactionLimit !== undefined && { dailyTransactionLimit: num(limits.dailyTransactionLimit) }),
        ...(limits.monthlyLimit !== undefined || limits.clearMonthlyLimit ? { monthlyLimit: num(limits.monthlyLimit) ?? null } : {}),
      },
    }),
    ...(req.accountRestrictions && { accountRestrictions: restrictionsOf(req.accountRestrictions, 'accountRestrictions', errors) }),
    ...(req.approvalThresholds && { approvalThresholds: thresholdsOf(req.approvalThresholds) }),
  }
  refuse(errors)
  return update
}
