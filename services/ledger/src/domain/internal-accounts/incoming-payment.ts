import type { CurrencyAmountView, InternalAccountRecord } from './types.js'
import { amountView } from './view.js'

/** The transaction of an incoming payment, as the spec's Transaction table and the reference show it. */
export interface IncomingTransactionView {
  id: string
  status: 'COMPLETED'
  type: 'INCOMING'
  direction: 'CREDIT'
  destination: { destinationType: 'ACCOUNT'; accountId: string; currency: string }
  receivedAmount: CurrencyAmountView
  customerId?: string
  platformCustomerId?: string
  description: string
  createdAt: string
  updatedAt: string
  settledAt: string
}

export interface IncomingPayment {
  transactionId: string
  account: InternalAccountRecord
  amount: bigint
  platformCustomerId?: string
  description: string
  at: Date
}

/** A payment credited at once: completed and settled when it is created. */
export function incomingTransaction(payment: IncomingPayment): IncomingTransactionView {
  const { account } = payment
  const at = payment.at.toISOString()
  return {
    id: payment.transactionId,
    status: 'COMPLETED',
    type: 'INCOMING',
    direction: 'CREDIT',
    destination: { destinationType: 'ACCOUNT', accountId: account.id, currency: account.currency },
    receivedAmount: amountView(payment.amount, account.currency),
    ...(account.customerId === null ? {} : { customerId: account.customerId }),
    ...(payment.platformCustomerId === undefined ? {} : { platformCustomerId: payment.platformCustomerId }),
    description: payment.description,
    createdAt: at,
    updatedAt: at,
    settledAt: at,
  }
}
