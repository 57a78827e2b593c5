import type { Caller } from '@pp/tenancy'
import type { AgentsDb } from '../db/client.js'

/** What the agent use cases need; tests pass their own clock and services. */
export interface AgentDeps {
  db: AgentsDb
  services: AgentServices
  now: () => Date
  /** How long a new device code can be redeemed. */
  deviceCodeTtlMs: number
}

/** What an agent's operations need of a quote: the amount it sends and the transaction it creates. */
export interface QuoteFacts {
  id: string
  sendingCurrency: string
  totalSendingAmount: bigint
  transactionId: string
  sourceAccountId?: string
  destinationAccountId?: string
}

export interface AccountFacts {
  id: string
  /** Unset for the platform's own accounts. */
  customerId?: string
  currency: string
}

/** The API's quote request as payments takes it; the rpc layer passes the typed request through. */
export interface QuoteRequest {
  source?: { sourceType: string; accountId?: string; customerId?: string }
  destination?: { destinationType: string; accountId?: string }
  immediatelyExecute: boolean
}

/**
 * The other services an agent's operations use, reduced to the questions asked. Money moves only
 * through the payments service's quotes, so a quote an agent executes is an ordinary quote.
 */
export interface AgentServices {
  /** 404 CUSTOMER_NOT_FOUND unless the tenant's live customer. */
  customer(ctx: Caller, customerId: string): Promise<{ platformCustomerId: string }>
  /** 404 ACCOUNT_NOT_FOUND unless the tenant's. */
  internalAccount(ctx: Caller, accountId: string): Promise<AccountFacts>
  /** The account once money may move through it (404, 409 BANK_ACCOUNT_VALIDATION_PENDING, 400 INVALID_BANK_ACCOUNT). */
  usableExternalAccount(ctx: Caller, accountId: string): Promise<AccountFacts>
  createQuote<R extends QuoteRequest>(ctx: Caller, request: R): Promise<{ json: string; facts: QuoteFacts }>
  quote(ctx: Caller, quoteId: string): Promise<{ json: string; facts: QuoteFacts }>
  /** Executes with `ctx.idempotencyKey`, so executing again after a lost answer moves the money once. */
  executeQuote(ctx: Caller, quoteId: string): Promise<void>
  transaction(ctx: Caller, transactionId: string): Promise<string>
  close(): void
}
