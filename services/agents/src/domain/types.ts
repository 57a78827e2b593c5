/** The agent shapes of the API (the reference's AgentPolicy, Agent, AgentAction), amounts as JSON integers. */

export const AGENT_PERMISSIONS = ['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS', 'CREATE_QUOTES', 'EXECUTE_QUOTES', 'MANAGE_EXTERNAL_ACCOUNTS'] as const
export type AgentPermission = (typeof AGENT_PERMISSIONS)[number]

export const EXECUTION_MODES = ['AUTO', 'APPROVAL_REQUIRED'] as const
export type ExecutionMode = (typeof EXECUTION_MODES)[number]

export interface SpendingLimits {
  currency: string
  perTransactionLimit: number
  dailyLimit?: number | null
  dailyTransactionLimit?: number
  monthlyLimit?: number | null
}

export interface AccountRule {
  accountId: string
  executionMode?: ExecutionMode
  perTransactionLimit?: number | null
}

export interface AccountRestrictions {
  allowedAccountIds?: string[] | null
  accountRules?: AccountRule[]
}

export interface ApprovalThresholds {
  currency?: string
  amount?: number | null
}

export interface AgentPolicy {
  permissions: AgentPermission[]
  defaultExecutionMode: ExecutionMode
  spendingLimits: SpendingLimits
  accountRestrictions?: AccountRestrictions
  approvalThresholds?: ApprovalThresholds
}

/** A PATCH of the policy: each field given replaces the stored one; spending limits merge by field. */
export interface AgentPolicyUpdate {
  permissions?: AgentPermission[]
  defaultExecutionMode?: ExecutionMode
  spendingLimits?: Partial<SpendingLimits>
  accountRestrictions?: AccountRestrictions
  approvalThresholds?: ApprovalThresholds
}

/** The counters of one UTC day and one UTC month. */
export interface AgentUsage {
  day: string
  dailyCount: number
  dailySpend: bigint
  month: string
  monthlySpend: bigint
}

export interface Agent {
  id: string
  platformId: string
  environment: 'SANDBOX' | 'PRODUCTION'
  customerId: string
  platformCustomerId: string
  name: string
  isPaused: boolean
  isConnected: boolean
  policy: AgentPolicy
  usage: AgentUsage
  createdAt: Date
  updatedAt: Date
}

/** An agent's device code, as stored (by its hash). */
export interface DeviceCode {
  codeHash: string
  agentId: string
  expiresAt: Date
  redeemedAt: Date | null
  invalidatedAt: Date | null
  createdAt: Date
}

export const ACTION_TYPES = ['EXECUTE_QUOTE', 'TRANSFER_OUT', 'TRANSFER_IN'] as const
export type ActionType = (typeof ACTION_TYPES)[number]
export const ACTION_STATUSES = ['PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'FAILED'] as const
export type ActionStatus = (typeof ACTION_STATUSES)[number]

export interface TransferDetails {
  amount: number
  currency: string
  sourceAccountId: string
  destinationAccountId: string
}

export interface AgentAction {
  id: string
  agentId: string
  platformId: string
  environment: 'SANDBOX' | 'PRODUCTION'
  customerId: string
  platformCustomerId: string
  type: ActionType
  status: ActionStatus
  quoteId: string
  transactionId: string
  transferDetails: TransferDetails | null
  quoteJson: string
  transactionJson: string | null
  rejectionReason: string | null
  amount: bigint
  reservedDay: string
  reservedMonth: string
  executingSince: Date | null
  idempotencyKey: string | null
  requestHash: string | null
  createdAt: Date
  updatedAt: Date
}
