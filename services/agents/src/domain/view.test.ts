import { AgentActionSchema, AgentDeviceCodeRedeemSchema, AgentDeviceCodeSchema, AgentSchema } from '@pp/contracts'
import { describe, expect, it } from 'vitest'
import type { Agent, AgentAction } from './types.js'
import { actionView, agentView, deviceCodeView, redeemView } from './view.js'

const now = new Date('2025-10-13T12:00:00Z')
const usd = { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 }
const SOURCE = 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002'
const DESTINATION = 'ExternalAccount:019542f5-b3e7-1d02-0000-000000000003'

const agent: Agent = {
  id: 'Agent:019542f5-b3e7-1d02-0000-000000000001',
  platformId: 'Platform:019542f5-b3e7-1d02-0000-000000000009',
  environment: 'SANDBOX',
  customerId: 'Customer:019542f5-b3e7-1d02-0000-000000000001',
  platformCustomerId: 'pc-1',
  name: 'Payroll bot',
  isPaused: false,
  isConnected: true,
  policy: {
    permissions: ['VIEW_TRANSACTIONS', 'EXECUTE_QUOTES'],
    defaultExecutionMode: 'APPROVAL_REQUIRED',
    spendingLimits: { currency: 'USD', perTransactionLimit: 10_000, dailyLimit: 50_000, dailyTransactionLimit: 10, monthlyLimit: null },
    accountRestrictions: { allowedAccountIds: [SOURCE], accountRules: [{ accountId: SOURCE, executionMode: 'AUTO', perTransactionLimit: 5_000 }] },
    approvalThresholds: { currency: 'USD', amount: 2_000 },
  },
  usage: { day: '2025-10-13', dailyCount: 2, dailySpend: 3_000n, month: '2025-10', monthlySpend: 12_000n },
  createdAt: new Date('2025-10-01T09:00:00Z'),
  updatedAt: new Date('2025-10-13T09:00:00Z'),
}

const quote = {
  id: 'Quote:019542f5-b3e7-1d02-0000-000000000006',
  status: 'PENDING',
  createdAt: '2025-10-13T11:59:00.000Z',
  expiresAt: '2025-10-13T12:04:00.000Z',
  source: { sourceType: 'ACCOUNT', accountId: SOURCE },
  destination: { destinationType: 'ACCOUNT', accountId: DESTINATION, paymentRail: 'ACH' },
  sendingCurrency: usd,
  receivingCurrency: usd,
  totalSendingAmount: 1_050,
  totalReceivingAmount: 1_000,
  exchangeRate: 1,
  feesIncluded: 50,
  platformFeesIncluded: 0,
  transactionId: 'Transaction:019542f5-b3e7-1d02-0000-000000000005',
}
const transaction = {
  id: 'Transaction:019542f5-b3e7-1d02-0000-000000000005',
  status: 'PROCESSING',
  type: 'OUTGOING',
  direction: 'DEBIT',
  source: { sourceType: 'ACCOUNT', accountId: SOURCE, currency: 'USD' },
  destination: { destinationType: 'ACCOUNT', accountId: DESTINATION, currency: 'USD' },
  customerId: agent.customerId,
  platformCustomerId: 'pc-1',
  sentAmount: { amount: 1_050, currency: usd },
  receivedAmount: { amount: 1_000, currency: usd },
  fees: 50,
  reconciliationInstructions: { reference: 'REF-1' },
  createdAt: '2025-10-13T12:00:00.000Z',
  updatedAt: '2025-10-13T12:00:00.000Z',
}

const action = (extra: Partial<AgentAction>): AgentAction => ({
  id: 'AgentAction:019542f5-b3e7-1d02-0000-000000000099',
  agentId: agent.id,
  platformId: agent.platformId,
  environment: 'SANDBOX',
  customerId: agent.customerId,
  platformCustomerId: 'pc-1',
  type: 'EXECUTE_QUOTE',
  status: 'PENDING_APPROVAL',
  quoteId: quote.id,
  transactionId: '',
  transferDetails: null,
  quoteJson: JSON.stringify(quote),
  transactionJson: null,
  rejectionReason: null,
  amount: 1_050n,
  reservedDay: '2025-10-13',
  reservedMonth: '2025-10',
  executingSince: null,
  idempotencyKey: null,
  requestHash: null,
  createdAt: now,
  updatedAt: now,
  ...extra,
})
const transfer = { amount: 1_000, currency: 'USD', sourceAccountId: SOURCE, destinationAccountId: DESTINATION }

/** The view as it travels (JSON), parsed by its contract: it keeps every field and adds none. */
const roundTrip = (view: unknown): unknown => JSON.parse(JSON.stringify(view))

describe('the agents views keep to their contracts', () => {
  it('an agent, with its policy and usage', () => {
    const json = roundTrip(agentView(agent, now))
    expect(AgentSchema.strict().parse(json)).toEqual(json)
  })

  it('a device code, and the answer to redeeming it', () => {
    const code = roundTrip(deviceCodeView('ABCD-EFGH', agent.id, now))
    expect(AgentDeviceCodeSchema.strict().parse(code)).toEqual(code)
    const redeemed = roundTrip(redeemView(agent, 'agent-token', agent.policy))
    expect(AgentDeviceCodeRedeemSchema.strict().parse(redeemed)).toEqual(redeemed)
  })

  it.each<[string, Partial<AgentAction>]>([
    ['a quote awaiting approval', {}],
    ['an approved quote, executed', { status: 'APPROVED', transactionId: transaction.id, transactionJson: JSON.stringify(transaction) }],
    ['a rejected quote', { status: 'REJECTED', rejectionReason: 'Not this month' }],
    ['a transfer out that failed', { type: 'TRANSFER_OUT', status: 'FAILED', transferDetails: transfer, quoteJson: '' }],
    ['an approved transfer in', { type: 'TRANSFER_IN', status: 'APPROVED', transferDetails: transfer, quoteJson: '', transactionJson: JSON.stringify(transaction) }],
  ])('an action: %s', (_name, extra) => {
    const json = roundTrip(actionView(action(extra)))
    expect(AgentActionSchema.strict().parse(json)).toEqual(json)
  })
})
