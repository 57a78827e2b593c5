import { callerOf, unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type * as pb from '@pp/proto/payments/v1/payments'
import { findCustomerTransaction } from '../domain/agents/customer-scope.js'
import type { PaymentsDeps } from '../domain/deps.js'
import { authorizeQuote, resendQuoteCode } from '../domain/quotes/authorize-quote.js'
import { createQuote } from '../domain/quotes/create-quote.js'
import { executeQuote } from '../domain/quotes/execute-quote.js'
import { findQuote } from '../domain/quotes/get-quote.js'
import { quoteJson } from '../domain/quotes/view.js'
import { cancelTransaction, confirmReceiptDelivery, decidePendingApproval } from '../domain/transactions/actions.js'
import { listTransactions } from '../domain/transactions/list.js'
import { sandboxSend } from '../domain/transactions/sandbox-send.js'
import { transferIn, transferOut } from '../domain/transactions/transfers.js'
import { sandboxUmaReceive } from '../domain/transactions/uma-receive.js'
import { transactionJson } from '../domain/transactions/view.js'
import { quoteFacts } from './mapping.js'
import type { TransactionRow } from '../domain/transactions/types.js'
import type { QuoteRow } from '../domain/quotes/types.js'

/**
 * payments.v1.PaymentsService: quotes, their execution and the transactions they produce. A quote
 * or transaction answers as the API's JSON of its view, the text the payment webhooks carry too.
 */
export function paymentsService(deps: PaymentsDeps, logger: Logger): pb.PaymentsServiceServer {
  const quoteAnswer = (row: QuoteRow) => ({ quoteJson: JSON.stringify(quoteJson(row, deps.now())) })
  const transactionAnswer = (row: TransactionRow) => ({ transactionJson: JSON.stringify(transactionJson(row)) })
  return unaryService(logger, {
    async createQuote(request: pb.CreateQuoteRequest, ctx): Promise<pb.CreateQuoteResponse> {
      return quoteAnswer(await createQuote(deps, callerOf(ctx), request))
    },
    async getQuote(request: pb.GetQuoteRequest, ctx): Promise<pb.GetQuoteResponse> {
      return quoteAnswer(await findQuote(deps, callerOf(ctx), request.quoteId))
    },
    async getQuoteFacts(request: pb.GetQuoteFactsRequest, ctx): Promise<pb.GetQuoteFactsResponse> {
      return { facts: quoteFacts(await findQuote(deps, callerOf(ctx), request.quoteId)) }
    },
    async executeQuote(request: pb.ExecuteQuoteRequest, ctx): Promise<pb.ExecuteQuoteResponse> {
      return quoteAnswer(await executeQuote(deps, callerOf(ctx), request.quoteId, request.scaFactor))
    },
    async authorizeQuote(request: pb.AuthorizeQuoteRequest, ctx): Promise<pb.AuthorizeQuoteResponse> {
      const { quoteId, ...proof } = request
      return quoteAnswer(await authorizeQuote(deps, callerOf(ctx), quoteId, proof))
    },
    async resendQuoteScaCode(request: pb.ResendQuoteScaCodeRequest, ctx): Promise<pb.ResendQuoteScaCodeResponse> {
      await resendQuoteCode(deps, callerOf(ctx), request.quoteId)
      return {}
    },
    async sandboxSend(request: pb.SandboxSendRequest, ctx): Promise<pb.SandboxSendResponse> {
      return transactionAnswer(await sandboxSend(deps, callerOf(ctx), request))
    },
    async sandboxUmaReceive(request: pb.SandboxUmaReceiveRequest, ctx): Promise<pb.SandboxUmaReceiveResponse> {
      return transactionAnswer(await sandboxUmaReceive(deps, callerOf(ctx), request))
    },
    async listTransactions(request: pb.ListTransactionsRequest, ctx): Promise<pb.ListTransactionsResponse> {
      return { pageJson: JSON.stringify(await listTransactions(deps, callerOf(ctx), request)) }
    },
    async getTransaction(request: pb.GetTransactionRequest, ctx): Promise<pb.GetTransactionResponse> {
      return transactionAnswer(await findCustomerTransaction(deps, callerOf(ctx), request.transactionId, request.customerId))
    },
    async confirmReceiptDelivery(request: pb.ConfirmReceiptDeliveryRequest, ctx): Promise<pb.ConfirmReceiptDeliveryResponse> {
      return transactionAnswer(await confirmReceiptDelivery(deps, callerOf(ctx), request.transactionId, request.receiptDeliveryConfirmedAt))
    },
    async approveTransaction(request: pb.ApproveTransactionRequest, ctx): Promise<pb.ApproveTransactionResponse> {
      return transactionAnswer(await decidePendingApproval(deps, callerOf(ctx), request.transactionId))
    },
    async rejectTransaction(request: pb.RejectTransactionRequest, ctx): Promise<pb.RejectTransactionResponse> {
      return transactionAnswer(await decidePendingApproval(deps, callerOf(ctx), request.transactionId))
    },
    async cancelTransaction(request: pb.CancelTransactionRequest, ctx): Promise<pb.CancelTransactionResponse> {
      return transactionAnswer(await cancelTransaction(deps, callerOf(ctx), request.transactionId))
    },
    async transferIn(request: pb.TransferInRequest, ctx): Promise<pb.TransferInResponse> {
      return transactionAnswer(await transferIn(deps, callerOf(ctx), request))
    },
    async transferOut(request: pb.TransferOutRequest, ctx): Promise<pb.TransferOutResponse> {
      return transactionAnswer(await transferOut(deps, callerOf(ctx), request))
    },
  })
}
