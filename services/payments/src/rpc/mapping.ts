import type { QuoteFacts } from '@pp/proto/payments/v1/payments'
import type { QuoteRow } from '../domain/quotes/types.js'

/** What the gateway decides on before executing: an EMBEDDED_WALLET source account must sign first. */
export const quoteFacts = (row: QuoteRow): QuoteFacts => ({
  id: row.id,
  sourceAccountType: row.sourceAccountType ?? undefined,
  sourceAccountId: (row.source as { accountId?: string }).accountId,
  sendingCurrency: row.sendingCurrency,
  totalSendingAmount: row.totalSendingAmount,
  transactionId: row.transactionId,
  destinationAccountId: (row.destination as { accountId?: string }).accountId,
  signingRequestId: row.signingRequestId ?? undefined,
})
