import { ApiError, invalidInput } from '@pp/errors'
import { isUniqueViolation } from '@pp/db'
import type { Caller } from '@pp/tenancy'
import { findActionByQuote, insertAgentQuote, isAgentQuote } from '../db/agents.db.js'
import { replayedAction, submitAction, type ActionKey } from './actions.js'
import { hashSecret } from './credentials.js'
import type { AgentDeps } from './deps.js'
import { mustFindAgent } from './manage-agents.js'
import { requirePermissions } from './policy.js'
import type { AccountFacts, QuoteFacts, QuoteRequest } from './deps.js'
import type { Agent, AgentAction } from './types.js'

const INTERNAL = 'InternalAccount:'
const EXTERNAL = 'ExternalAccount:'

const accountNotFound = (accountId: string) => new ApiError('ACCOUNT_NOT_FOUND', `Account ${accountId} not found`, { accountId })

/** The account when it is the agent's customer's: any other account does not exist for the agent (404). */
async function customerAccount(deps: AgentDeps, caller: Caller, agent: Agent, accountId: string): Promise<AccountFacts> {
  let facts: AccountFacts | undefined
  if (accountId.startsWith(INTERNAL)) facts = await deps.services.internalAccount(caller, accountId)
  else if (accountId.startsWith(EXTERNAL)) facts = await deps.services.usableExternalAccount(caller, accountId)
  if (!facts || facts.customerId !== agent.customerId) throw accountNotFound(accountId)
  return facts
}

/** The internal account of the agent's customer that a quote draws on or pays into, if any. */
const internalAccountOf = (facts: Pick<QuoteFacts, 'sourceAccountId' | 'destinationAccountId'>): string | undefined =>
  [facts.sourceAccountId, facts.destinationAccountId].find((id) => id?.startsWith(INTERNAL))

/** The request key of an Idempotency-Key: the same key with another request is refused. */
const actionKey = (key: string | undefined, request: unknown): ActionKey | undefined =>
  key ? { key, requestHash: hashSecret(JSON.stringify(request, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))) } : undefined

/**
 * An ordinary payments quote for the agent's customer: every account it names must be the
 * customer's, and a realtime-funded one is for that customer. With immediatelyExecute the quote
 * is then executed under the policy, exactly as POST /agents/me/quotes/{id}/execute would.
 */
export async function createAgentQuote<R extends QuoteRequest>(deps: AgentDeps, caller: Caller, agentId: string, request: R): Promise<string> {
  const agent = await mustFindAgent(deps, caller, agentId)
  requirePermissions(agent.policy, 'CREATE_QUOTES', ...(request.immediatelyExecute ? (['EXECUTE_QUOTES'] as const) : []))
  const { source, destination } = request
  if (source?.sourceType === 'REALTIME_FUNDING' && source.customerId !== undefined && source.customerId !== agent.customerId) {
    throw new ApiError('CUSTOMER_NOT_FOUND', `Customer ${source.customerId} not found`)
  }
  const named = [source?.sourceType === 'ACCOUNT' && source.accountId, destination?.destinationType === 'ACCOUNT' && destination.accountId]
  await Promise.all(named.filter((id): id is string => Boolean(id)).map((id) => customerAccount(deps, caller, agent, id)))
  const scoped = { ...request, source: source && source.sourceType === 'REALTIME_FUNDING' ? { ...source, customerId: agent.customerId } : source, immediatelyExecute: false }
  const quote = await deps.services.createQuote(caller, scoped)
  try {
    await insertAgentQuote(deps.db, agentId, quote.facts.id, deps.now())
  } catch (err) {
    // a retry with the same Idempotency-Key got the same quote back
    if (!isUniqueViolation(err)) throw err
  }
  if (!request.immediatelyExecute) return quote.json
  if (!(await findActionByQuote(deps.db, quote.facts.id))) {
    await submitAction(deps, { ...caller, idempotencyKey: undefined }, agentId, executeDraft(quote), undefined)
  }
  return (await deps.services.quote(caller, quote.facts.id)).json
}

const executeDraft = (quote: { json: string; facts: QuoteFacts }) => ({
  type: 'EXECUTE_QUOTE' as const,
  quote,
  internalAccountId: internalAccountOf(quote.facts),
  transferDetails: null,
  permissions: ['EXECUTE_QUOTES' as const],
})

async function mustBeAgentQuote(deps: AgentDeps, agentId: string, quoteId: string): Promise<void> {
  if (!(await isAgentQuote(deps.db, agentId, quoteId))) throw new ApiError('QUOTE_NOT_FOUND', `Quote ${quoteId} not found`)
}

/** A quote this agent created; any other does not exist for it. */
export async function getAgentQuote(deps: AgentDeps, caller: Caller, agentId: string, quoteId: string): Promise<string> {
  await mustBeAgentQuote(deps, agentId, quoteId)
  return (await deps.services.quote(caller, quoteId)).json
}

/** Submits the agent's quote for execution under its policy (executed now, or waiting for approval). */
export async function executeAgentQuote(deps: AgentDeps, caller: Caller, agentId: string, quoteId: string): Promise<AgentAction> {
  const key = actionKey(caller.idempotencyKey, ['EXECUTE_QUOTE', quoteId])
  const replay = await replayedAction(deps, agentId, key)
  if (replay) return replay
  await mustBeAgentQuote(deps, agentId, quoteId)
  const earlier = await findActionByQuote(deps.db, quoteId)
  if (earlier) throw new ApiError('CONFLICT', `Quote ${quoteId} was already submitted for execution`, { quoteId, actionId: earlier.id })
  return submitAction(deps, caller, agentId, executeDraft(await deps.services.quote(caller, quoteId)), key)
}

export interface AgentTransferInput {
  type: 'TRANSFER_IN' | 'TRANSFER_OUT'
  sourceAccountId: string
  destinationAccountId: string
  amount: bigint
}

/**
 * A same-currency transfer between the customer's internal account and one of its external
 * accounts: a quote (as POST /transfer-in and /transfer-out make) executed under the policy.
 */
export async function createAgentTransfer(deps: AgentDeps, caller: Caller, agentId: string, input: AgentTransferInput): Promise<AgentAction> {
  const key = actionKey(caller.idempotencyKey, input)
  const replay = await replayedAction(deps, agentId, key)
  if (replay) return replay
  const outbound = input.type === 'TRANSFER_OUT'
  const [internalId, externalId] = outbound ? [input.sourceAccountId, input.destinationAccountId] : [input.destinationAccountId, input.sourceAccountId]
  const [internalField, externalField] = outbound ? ['source.accountId', 'destination.accountId'] : ['destination.accountId', 'source.accountId']
  const errors = [
    ...(internalId.startsWith(INTERNAL) ? [] : [{ field: internalField, message: 'must be an InternalAccount identifier' }]),
    ...(externalId.startsWith(EXTERNAL) ? [] : [{ field: externalField, message: 'must be an ExternalAccount identifier' }]),
    ...(input.amount > 0n ? [] : [{ field: 'amount', message: 'must be positive' }]),
  ]
  if (errors.length > 0) throw invalidInput(errors)
  const agent = await mustFindAgent(deps, caller, agentId)
  requirePermissions(agent.policy, 'CREATE_TRANSFERS')
  const [internal, external] = await Promise.all([customerAccount(deps, caller, agent, internalId), customerAccount(deps, caller, agent, externalId)])
  if (internal.currency !== external.currency) {
    throw invalidInput([{ field: externalField, message: `is a ${external.currency} account; a transfer stays in ${internal.currency}` }])
  }
  const quote = await deps.services.createQuote(
    { ...caller, idempotencyKey: undefined },
    {
      source: { sourceType: 'ACCOUNT', accountId: input.sourceAccountId },
      destination: { destinationType: 'ACCOUNT', accountId: input.destinationAccountId },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: input.amount,
      immediatelyExecute: false,
    },
  )
  const transferDetails = {
    amount: Number(input.amount),
    currency: internal.currency,
    sourceAccountId: input.sourceAccountId,
    destinationAccountId: input.destinationAccountId,
  }
  return submitAction(deps, caller, agentId, { type: input.type, quote, internalAccountId: internalId, transferDetails, permissions: ['CREATE_TRANSFERS'] }, key)
}
