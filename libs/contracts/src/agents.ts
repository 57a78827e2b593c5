import { z } from '@hono/zod-openapi'
import { Identifier, listEnvelope, PaginationQuerySchema } from './common.js'
import { Timestamp } from './customer-fields.js'
import { ListTransactionsQuerySchema, TransactionSchema } from './transactions.js'
import { AccountId, PositiveAmount, AMOUNT_MAX } from './payment-fields.js'
import { QuoteSchema } from './quotes.js'

const AGENT_EXAMPLE = 'Agent:019542f5-b3e7-1d02-0000-000000000001'
const ACTION_EXAMPLE = 'AgentAction:019542f5-b3e7-1d02-0000-000000000099'

/** An amount limit: the smallest unit of the policy's currency, zero allowed (nothing may move). */
const Limit = z.number().int().min(0).max(AMOUNT_MAX).openapi({ example: 100000 })
const CurrencyCode = z.string().regex(/^[A-Z]{3}$/).openapi({ example: 'USD' })

export const AgentPermissionSchema = z
  .enum(['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS', 'CREATE_QUOTES', 'EXECUTE_QUOTES', 'MANAGE_EXTERNAL_ACCOUNTS'])
  .openapi('AgentPermission')
export const AgentExecutionModeSchema = z.enum(['AUTO', 'APPROVAL_REQUIRED']).openapi('AgentExecutionMode')

const spendingLimitFields = {
  currency: CurrencyCode,
  perTransactionLimit: Limit,
  dailyLimit: Limit.nullable().optional(),
  dailyTransactionLimit: z.number().int().min(0).max(1_000_000).optional(),
  monthlyLimit: Limit.nullable().optional(),
}
export const AgentSpendingLimitsSchema = z.object(spendingLimitFields).openapi('AgentSpendingLimits')
const AgentSpendingLimitsUpdateSchema = z.object(spendingLimitFields).partial().openapi('AgentSpendingLimitsUpdate')

const AgentAccountRuleSchema = z
  .object({
    accountId: AccountId,
    executionMode: AgentExecutionModeSchema.optional(),
    perTransactionLimit: Limit.nullable().optional(),
  })
  .openapi('AgentAccountRule')

const AgentAccountRestrictionsSchema = z
  .object({
    allowedAccountIds: z.array(AccountId).max(100).nullable().optional(),
    accountRules: z.array(AgentAccountRuleSchema).max(100).optional(),
  })
  .openapi('AgentAccountRestrictions')

const AgentApprovalThresholdsSchema = z
  .object({ currency: CurrencyCode.optional(), amount: Limit.nullable().optional() })
  .openapi('AgentApprovalThresholds')

const permissions = z.array(AgentPermissionSchema).max(5)

export const AgentPolicySchema = z
  .object({
    permissions,
    defaultExecutionMode: AgentExecutionModeSchema,
    spendingLimits: AgentSpendingLimitsSchema,
    accountRestrictions: AgentAccountRestrictionsSchema.optional(),
    approvalThresholds: AgentApprovalThresholdsSchema.optional(),
  })
  .openapi('AgentPolicy')
export type AgentPolicy = z.output<typeof AgentPolicySchema>

export const AgentPolicyUpdateRequestSchema = z
  .object({
    permissions: permissions.optional(),
    defaultExecutionMode: AgentExecutionModeSchema.optional(),
    spendingLimits: AgentSpendingLimitsUpdateSchema.optional(),
    accountRestrictions: AgentAccountRestrictionsSchema.optional(),
    approvalThresholds: AgentApprovalThresholdsSchema.optional(),
  })
  .openapi('AgentPolicyUpdateRequest')

const AgentUsageSchema = z
  .object({
    dailyTransactionCount: z.number().int(),
    dailySpend: z.number().int(),
    dailyResetDate: z.string().openapi({ format: 'date' }),
    monthlySpend: z.number().int(),
    monthlyResetMonth: z.string().openapi({ example: '2025-10' }),
  })
  .openapi('AgentUsage')

export const AgentSchema = z
  .object({
    id: z.string().openapi({ example: AGENT_EXAMPLE }),
    name: z.string(),
    customerId: z.string(),
    isPaused: z.boolean(),
    isConnected: z.boolean(),
    policy: AgentPolicySchema,
    usage: AgentUsageSchema,
    createdAt: z.string().openapi({ format: 'date-time' }),
    updatedAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Agent')
export type Agent = z.output<typeof AgentSchema>
export const AgentListSchema = listEnvelope(AgentSchema, 'AgentListResponse')
export type AgentListJson = z.infer<typeof AgentListSchema>

const name = Identifier(255).openapi({ example: 'Payroll Automation Agent' })

export const AgentCreateRequestSchema = z
  .object({ name, customerId: Identifier().openapi({ example: 'Customer:019542f5-b3e7-1d02-0000-000000000010' }), policy: AgentPolicySchema })
  .openapi('AgentCreateRequest')

export const AgentUpdateRequestSchema = z.object({ name: name.optional(), isPaused: z.boolean().optional() }).openapi('AgentUpdateRequest')

export const AgentDeviceCodeSchema = z
  .object({
    code: z.string().openapi({ example: 'AGENT-X7K9-M2P4-Q8R3-T5V6' }),
    agentId: z.string().openapi({ example: AGENT_EXAMPLE }),
    expiresAt: z.string().openapi({ format: 'date-time' }),
    redeemed: z.boolean(),
  })
  .openapi('AgentDeviceCode')
export type AgentDeviceCode = z.output<typeof AgentDeviceCodeSchema>

export const AgentCreateResponseSchema = z.object({ agent: AgentSchema, deviceCode: AgentDeviceCodeSchema }).openapi('AgentCreateResponse')
export type AgentCreateResponseJson = z.infer<typeof AgentCreateResponseSchema>

export const AgentDeviceCodeStatusSchema = z.object({ code: z.string(), redeemed: z.boolean() }).openapi('AgentDeviceCodeStatusResponse')
export type AgentDeviceCodeStatusJson = z.infer<typeof AgentDeviceCodeStatusSchema>

export const AgentDeviceCodeRedeemSchema = z
  .object({ agentId: z.string(), agentName: z.string(), accessToken: z.string(), policy: AgentPolicySchema })
  .openapi('AgentDeviceCodeRedeemResponse')
export type AgentDeviceCodeRedeem = z.output<typeof AgentDeviceCodeRedeemSchema>

export const AgentActionStatusSchema = z.enum(['PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'FAILED']).openapi('AgentActionStatus')

export const AgentActionSchema = z
  .object({
    id: z.string().openapi({ example: ACTION_EXAMPLE }),
    agentId: z.string(),
    customerId: z.string(),
    platformCustomerId: z.string(),
    status: AgentActionStatusSchema,
    type: z.enum(['EXECUTE_QUOTE', 'TRANSFER_OUT', 'TRANSFER_IN']).openapi('AgentActionType'),
    quote: QuoteSchema.optional(),
    transferDetails: z
      .object({ amount: z.number().int(), currency: z.string(), sourceAccountId: z.string(), destinationAccountId: z.string() })
      .openapi('AgentTransferDetails')
      .optional(),
    transaction: TransactionSchema.optional(),
    rejectionReason: z.string().optional(),
    createdAt: z.string().openapi({ format: 'date-time' }),
    updatedAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('AgentAction')
export type AgentAction = z.output<typeof AgentActionSchema>
export const AgentActionListSchema = listEnvelope(AgentActionSchema, 'AgentActionListResponse')
export type AgentActionListJson = z.infer<typeof AgentActionListSchema>

export const AgentActionRejectRequestSchema = z.object({ reason: z.string().min(1).max(1000).optional() }).openapi('AgentActionRejectRequest')

export const AgentIdParamsSchema = z.object({
  agentId: Identifier().openapi({ param: { name: 'agentId', in: 'path' }, example: AGENT_EXAMPLE }),
})
export const AgentActionParamsSchema = AgentIdParamsSchema.extend({
  actionId: Identifier().openapi({ param: { name: 'actionId', in: 'path' }, example: ACTION_EXAMPLE }),
})
export const ActionIdParamsSchema = z.object({
  actionId: Identifier().openapi({ param: { name: 'actionId', in: 'path' }, example: ACTION_EXAMPLE }),
})
export const DeviceCodeParamsSchema = z.object({
  code: Identifier(64).openapi({ param: { name: 'code', in: 'path' }, example: 'AGENT-X7K9-M2P4-Q8R3-T5V6' }),
})

const booleanParameter = z.enum(['true', 'false']).transform((v) => v === 'true').openapi({ type: 'boolean' })

export const ListAgentsQuerySchema = PaginationQuerySchema.extend({
  customerId: Identifier().optional(),
  isPaused: booleanParameter.optional(),
  isConnected: booleanParameter.optional(),
  createdAfter: Timestamp.optional(),
  createdBefore: Timestamp.optional(),
  updatedAfter: Timestamp.optional(),
  updatedBefore: Timestamp.optional(),
})

export const ListAgentApprovalsQuerySchema = PaginationQuerySchema.extend({
  agentId: Identifier().optional(),
  customerId: Identifier().optional(),
  startDate: Timestamp.optional(),
  endDate: Timestamp.optional(),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
})

export const ListAgentActionsQuerySchema = PaginationQuerySchema.extend({ status: AgentActionStatusSchema.optional() })

/** The agent's transactions: its customer's, so no customer filter. */
export const ListAgentTransactionsQuerySchema = ListTransactionsQuerySchema.omit({ customerId: true, platformCustomerId: true })

export const ListAgentInternalAccountsQuerySchema = PaginationQuerySchema.extend({
  currency: z.string().min(1).max(8).optional().openapi({ example: 'USD' }),
  type: z.enum(['INTERNAL_FIAT', 'INTERNAL_CRYPTO', 'EMBEDDED_WALLET', 'RULE_BASED']).optional(),
})

export const ListAgentExternalAccountsQuerySchema = PaginationQuerySchema.extend({ currency: z.string().regex(/^[A-Z0-9]{2,10}$/).optional() })

const accountReference = (example: string) => z.object({ accountId: AccountId.openapi({ example }) })

/** An agent's same-currency transfer between its customer's internal account and one of its external accounts. */
export const AgentTransferRequestSchema = z
  .object({
    source: accountReference('InternalAccount:019542f5-b3e7-1d02-0000-000000000002'),
    destination: accountReference('ExternalAccount:019542f5-b3e7-1d02-0000-000000000003'),
    amount: PositiveAmount,
  })
  .openapi('AgentTransferRequest')
