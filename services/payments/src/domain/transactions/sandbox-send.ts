import { ApiError, invalidInput } from '@pp/errors'
import { idempotentCall } from '@pp/db'
import type { PaymentsDeps } from '../deps.js'
import { startExecution } from '../quotes/execute-quote.js'
import { findQuote } from '../quotes/get-quote.js'
import { tenantOf, type Caller } from '../types.js'
import { findTransaction } from './find.js'
import type { TransactionRow } from './types.js'

/** Sandbox endpoints act only on sandbox credentials. */
export function assertSandbox(caller: Caller): void {
  if (caller.environment !== 'SANDBOX') throw new ApiError('FORBIDDEN', 'Sandbox endpoints need sandbox credentials')
}

export interface SandboxSendInput {
  quoteId: string
  currencyCode: string
  /** The quote's total sending amount when unset. */
  currencyAmount?: bigint
}

/**
 * The inbound payment of a realtime-funded quote: the money arrives through the tenant's funding
 * account and flows on to the destination exactly as an executed quote. The currency must be the
 * funding currency; an amount other than the quote's total sending amount is refused (the quote
 * priced that amount and no other).
 */
export async function sandboxSend(deps: PaymentsDeps, caller: Caller, request: SandboxSendInput): Promise<TransactionRow> {
  assertSandbox(caller)
  const tenant = tenantOf(caller)
  const quote = await findQuote(deps, tenant, request.quoteId)
  if (quote.sourceKind !== 'REALTIME_FUNDING') {
    throw invalidInput([{ field: 'quoteId', message: 'not a realtime-funded quote; execute it with POST /quotes/{quoteId}/execute' }])
  }
  if (request.currencyCode !== quote.sendingCurrency) {
    throw invalidInput([{ field: 'currencyCode', message: `must be the quote's funding currency ${quote.sendingCurrency}` }])
  }
  const amount = request.currencyAmount ?? quote.totalSendingAmount
  if (amount !== quote.totalSendingAmount) {
    throw new ApiError('INVALID_AMOUNT', `The quote expects exactly ${quote.totalSendingAmount} ${quote.sendingCurrency}`, {
      field: 'currencyAmount',
      expected: Number(quote.totalSendingAmount),
    })
  }
  const call = caller.idempotencyKey ? idempotentCall(caller.idempotencyKey, 'sandboxSend', request, deps) : undefined
  const instructions = quote.paymentInstructions as Array<{ accountOrWalletInfo?: { paymentRails?: string[] } }>
  const rail = instructions[0]?.accountOrWalletInfo?.paymentRails?.[0]
  const source = { ...(quote.source as Record<string, string>), ...(rail ? { paymentRail: rail } : {}), accountHolderName: 'Sandbox Sender' }
  await startExecution(deps, caller, quote, call, source)
  return findTransaction(deps, tenant, quote.transactionId)
}
