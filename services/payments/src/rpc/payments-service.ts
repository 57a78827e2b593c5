import { callerOf, unaryService } from '@pp/grpc'
import type { Logger } from '@pp/logging'
import type * as pb from '@pp/proto/payments/v1/payments'
import type { PaymentsDeps } from '../domain/deps.js'
import { createQuote } from '../domain/quotes/create-quote.js'
import { executeQuote } from '../domain/quotes/execute-quote.js'
import { findQuote } from '../domain/quotes/get-quote.js'
import { cancelTransaction, confirmReceiptDelivery, decidePendingApproval } from '../domain/transactions/actions.js'
import { findTransaction } from '../domain/transactions/find.js'
import { listTransactions } from '../domain/transactions/list.js'
import { sandboxSend } from '../domain/transactions/sandbox-send.js'
import { transferIn, transferOut } from '../domain/transactions/transfers.js'
import { sandboxUmaReceive } from '../domain/transactions/uma-receive.js'
import { quoteToProto, transactionToProto } from './mapping.js'

/** payments.v1.PaymentsService: quotes, their execution and the transactions they produce. */
export function paymentsService(deps: PaymentsDeps, logger: Logger): pb.PaymentsServiceServer {
  return unaryService(logger, {
    async createQuote(request: pb.CreateQuoteRequest, ctx): Promise<pb.CreateQuoteResponse> {
      return { quote: quoteToProto(await createQuote(deps, callerOf(ctx), request), deps.now()) }
    },
    async getQuote(request: pb.GetQuoteRequest, ctx): Promise<pb.GetQuoteResponse> {
      return { quote: quoteToProto(await findQuote(deps, callerOf(ctx), request.quoteId), deps.now()) }
    },
    async executeQuote(request: pb.ExecuteQuoteRequest, ctx): Promise<pb.ExecuteQuoteResponse> {
      return { quote: quoteToProto(await executeQuote(deps, callerOf(ctx), request.quoteId), deps.now()) }
    },
    async sandboxSend(request: pb.SandboxSendRequest, ctx): Promise<pb.SandboxSendResponse> {
      return { transaction: transactionToProto(await sandboxSend(deps, callerOf(ctx), request)) }
    },
    async sandboxUmaReceive(request: pb.SandboxUmaReceiveRequest, ctx): Promise<pb.SandboxUmaReceiveResponse> {
      return { transaction: transactionToProto(await sandboxUmaReceive(deps, callerOf(ctx), request)) }
    },
    async listTransactions(request: pb.ListTransactionsRequest, ctx): Promise<pb.ListTransactionsResponse> {
      const page = await listTransactions(deps, callerOf(ctx), request)
      return { data: page.data.map(transactionToProto), hasMore: page.hasMore, nextCursor: page.nextCursor, totalCount: page.totalCount }
    },
    async getTransaction(request: pb.GetTransactionRequest, ctx): Promise<pb.GetTransactionResponse> {
      return { transaction: transactionToProto(await findTransaction(deps, callerOf(ctx), request.transactionId)) }
    },
    async confirmReceiptDelivery(request: pb.ConfirmReceiptDeliveryRequest, ctx): Promise<pb.ConfirmReceiptDeliveryResponse> {
      const row = await confirmReceiptDelivery(deps, callerOf(ctx), request.transactionId, request.receiptDeliveryConfirmedAt)
      return { transaction: transactionToProto(row) }
    },
    async approveTransaction(request: pb.ApproveTransactionRequest, ctx): Promise<pb.ApproveTransactionResponse> {
      return { transaction: transactionToProto(await decidePendingApproval(deps, callerOf(ctx), request.transactionId)) }
    },
    async rejectTransaction(request: pb.RejectTransactionRequest, ctx): Promise<pb.RejectTransactionResponse> {
      return { transaction: transactionToProto(await decidePendingApproval(deps, callerOf(ctx), request.transactionId)) }
    },
    async cancelTransaction(request: pb.CancelTransactionRequest, ctx): Promise<pb.CancelTransactionResponse> {
      return { transaction: transactionToProto(await cancelTransaction(deps, callerOf(ctx), request.transactionId)) }
    },
    async transferIn(request: pb.TransferInRequest, ctx): Promise<pb.TransferInResponse> {
      return { transaction: transactionToProto(await transferIn(deps, callerOf(ctx), request)) }
    },
    async transferOut(request: pb.TransferOutRequest, ctx): Promise<pb.TransferOutResponse> {
      return { transaction: transactionToProto(await transferOut(deps, callerOf(ctx), request)) }
    },
  })
}
