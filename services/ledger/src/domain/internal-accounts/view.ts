import { ApiError } from '@pp/errors'
import { amountToJson, findCurrency } from '@pp/money'
import { availableOf, totalOf } from '../transfers/rules.js'
import type { CurrencyAmountView, InternalAccountRecord, InternalAccountView } from './types.js'

/** What a card issued now could do with one of a customer's active card-funding accounts as its funding source. */
const CARD_ACTIONS = ['PURCHASE', 'REFUND', 'BALANCE_INQUIRY'] as const

/** An amount with its currency object (code, name, symbol, decimals). */
export function amountView(amount: bigint, code: string): CurrencyAmountView {
  const currency = findCurrency(code)
  // accounts are only ever opened in currencies @pp/money knows
  if (!currency) throw new Error(`unknown currency ${code}`)
  return { amount: amountToJson(amount), currency: { ...currency } }
}

/**
 * Only an active, customer-owned fiat USD holding account, or the customer's embedded wallet (its
 * card spending signed by a delegated key), can fund a card issued now.
 */
export const canFundCard = (record: Pick<InternalAccountRecord, 'customerId' | 'type' | 'currency' | 'status'>): boolean =>
  record.customerId !== null &&
  record.status === 'ACTIVE' &&
  ((record.type === 'INTERNAL_FIAT' && record.currency === 'USD') || record.type === 'EMBEDDED_WALLET')

/**
 * The account as the API shows it: `balance` is what can be spent now (pending and held funds
 * excluded), `totalBalance` includes them; label and sweep rule are null when absent; privacy
 * appears only on embedded wallets, card capabilities only when the account can fund a card. The
 * funding instructions are stored as the account's provisioning wrote them, in the contract's shape.
 */
export function toAccountView(record: InternalAccountRecord): InternalAccountView {
  return {
    id: record.id,
    ...(record.customerId === null ? {} : { customerId: record.customerId }),
    type: record.type,
    status: record.status,
    balance: amountView(availableOf(record.balance), record.currency),
    totalBalance: amountView(totalOf(record.balance), record.currency),
    fundingPaymentInstructions: record.fundingInstructions as InternalAccountView['fundingPaymentInstructions'],
    createdAt: record.createdAt.toISOString(),
    updatedAt: lastChangeOf(record).toISOString(),
    label: record.label,
    sweepRule: record.sweepRule,
    ...(record.type === 'EMBEDDED_WALLET' ? { privateEnabled: record.privateEnabled ?? false } : {}),
    ...(canFundCard(record) ? { cardCapabilities: { actions: [...CARD_ACTIONS] } } : {}),
  }
}

/**
 * An account changes with its row (status, privacy) and with every movement of its balances, which
 * touches only its ledger account: the later of the two, so the GET, the list and every webhook's
 * data agree on it.
 */
const lastChangeOf = (record: Pick<InternalAccountRecord, 'updatedAt' | 'balanceUpdatedAt'>): Date =>
  record.balanceUpdatedAt > record.updatedAt ? record.balanceUpdatedAt : record.updatedAt

/** Another tenant's account is indistinguishable from one that never existed. */
export function mustExist<T>(record: T | undefined, accountId: string): T {
  if (!record) throw new ApiError('ACCOUNT_NOT_FOUND', `Internal account ${accountId} not found`, { accountId })
  return record
}
