import { callUnary, createGrpcClient } from '@pp/grpc'
import { CustomersServiceClient } from '@pp/proto/customers/v1/customers'
import { ExternalAccountsServiceClient } from '@pp/proto/ledger/v1/external_accounts'
import { InternalAccountsServiceClient } from '@pp/proto/ledger/v1/internal_accounts'
import { PaymentsServiceClient, type CreateQuoteRequest, type QuoteFacts as QuoteFactsProto } from '@pp/proto/payments/v1/payments'
import { ApiError } from '@pp/errors'
import type { AgentServices, QuoteFacts } from '../domain/deps.js'

export interface AgentServiceAddresses {
  customers: string
  ledger: string
  payments: string
}

/** Answers slower than this are reported as a failure of the call (an execution then stays owed). */
const DEADLINE_MS = 10_000

const quoteFactsOf = (facts: QuoteFactsProto | undefined): QuoteFacts => {
  if (!facts) throw new Error('payments answered a quote without its facts')
  return {
    id: facts.id,
    sendingCurrency: facts.sendingCurrency,
    totalSendingAmount: facts.totalSendingAmount,
    transactionId: facts.transactionId,
    sourceAccountId: facts.sourceAccountId,
    destinationAccountId: facts.destinationAccountId,
  }
}

/** The customers, ledger and payments calls an agent's operations make, over gRPC. */
export function grpcAgentServices(addresses: AgentServiceAddresses): AgentServices {
  const customers = createGrpcClient(CustomersServiceClient, addresses.customers)
  const internal = createGrpcClient(InternalAccountsServiceClient, addresses.ledger)
  const external = createGrpcClient(ExternalAccountsServiceClient, addresses.ledger)
  const payments = createGrpcClient(PaymentsServiceClient, addresses.payments)
  const quote = async (ctx: Parameters<AgentServices['quote']>[0], quoteId: string) => {
    const [{ quoteJson }, { facts }] = await Promise.all([
      callUnary(payments, payments.getQuote, { quoteId }, ctx, DEADLINE_MS),
      callUnary(payments, payments.getQuoteFacts, { quoteId }, ctx, DEADLINE_MS),
    ])
    return { json: quoteJson, facts: quoteFactsOf(facts) }
  }
  return {
    async customer(ctx, customerId) {
      const { facts } = await callUnary(customers, customers.getCustomerFacts, { customerId }, ctx, DEADLINE_MS)
      if (!facts || facts.isDeleted) throw new ApiError('CUSTOMER_NOT_FOUND', `Customer ${customerId} not found`)
      return { platformCustomerId: facts.platformCustomerId ?? '' }
    },
    async internalAccount(ctx, accountId) {
      const { facts } = await callUnary(internal, internal.getInternalAccountFacts, { accountId }, ctx, DEADLINE_MS)
      return { id: facts!.id, customerId: facts!.customerId, currency: facts!.currency }
    },
    async usableExternalAccount(ctx, accountId) {
      const { facts } = await callUnary(external, external.checkExternalAccountUsable, { externalAccountId: accountId }, ctx, DEADLINE_MS)
      return { id: facts!.id, customerId: facts!.customerId, currency: facts!.currency }
    },
    async createQuote(ctx, request) {
      const { quoteJson } = await callUnary(payments, payments.createQuote, request as unknown as CreateQuoteRequest, ctx, DEADLINE_MS)
      const { id } = JSON.parse(quoteJson) as { id: string }
      const { facts } = await callUnary(payments, payments.getQuoteFacts, { quoteId: id }, ctx, DEADLINE_MS)
      return { json: quoteJson, facts: quoteFactsOf(facts) }
    },
    quote,
    async executeQuote(ctx, quoteId) {
      await callUnary(payments, payments.executeQuote, { quoteId }, ctx, DEADLINE_MS)
    },
    async transaction(ctx, transactionId) {
      return (await callUnary(payments, payments.getTransaction, { transactionId }, ctx, DEADLINE_MS)).transactionJson
    },
    close() {
      for (const client of [customers, internal, external, payments]) client.close()
    },
  }
}
