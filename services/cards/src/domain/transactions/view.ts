import { findCurrency } from '@pp/money'
import type { CardTransactionRecord, CardTransactionView, CurrencyAmountView } from '../types.js'

function amountOf(amount: bigint, code: string): CurrencyAmountView {
  const currency = findCurrency(code)
  return {
    amount: Number(amount),
    currency: { code, name: currency?.name ?? code, symbol: currency?.symbol ?? code, decimals: currency?.decimals ?? 2 },
  }
}

/** The API's CardTransaction: the one JSON of it, for webhooks and GET /transactions. */
export function cardTransactionView(t: CardTransactionRecord): CardTransactionView {
  return {
    type: 'CARD',
    id: t.id,
    cardId: t.cardId,
    customerId: t.customerId,
    platformCustomerId: t.platformCustomerId,
    issuerTransactionToken: t.issuerTransactionToken,
    status: t.status,
    direction: t.direction,
    merchant: t.merchant,
    authorizedAmount: amountOf(t.authorizedAmount, t.currency),
    ...(t.settlementCount > 0 ? { settledAmount: amountOf(t.settledAmount, t.currency) } : {}),
    ...(t.refundCount > 0 ? { refundedAmount: amountOf(t.refundedAmount, t.currency) } : {}),
    accountId: t.accountId,
    pullSummary: { count: t.pullCount, totalAmount: Number(t.pullTotal), pendingCount: t.pullPending },
    refundSummary: { count: t.refundCount, totalAmount: Number(t.refundedAmount) },
    settlementSummary: { count: t.settlementCount, totalAmount: Number(t.settledAmount) },
    authorizedAt: t.authorizedAt.toISOString(),
    ...(t.lastEventAt ? { lastEventAt: t.lastEventAt.toISOString() } : {}),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  }
}
