import { CardTransactionRecorded } from '@pp/proto/cards/v1/events'
import { recordCardTransaction, type CardTransactionReport } from '../domain/transactions/card-transactions.js'
import type { Fact } from './fact-consumer.js'

/** The cards service's CARD_TRANSACTION_RECORDED: its card transactions, listed with the others. */
export const cardTransactionRecorded: Fact<CardTransactionReport> = {
  type: 'CARD_TRANSACTION_RECORDED',
  consumer: 'card-transactions',
  read(data) {
    const fact = CardTransactionRecorded.fromJSON(data ?? {})
    if (!fact.cardTransactionId || !fact.transactionJson || !fact.createdAt || !fact.updatedAt || fact.version < 1n) return undefined
    try {
      return { ...fact, version: Number(fact.version), transaction: JSON.parse(fact.transactionJson), createdAt: fact.createdAt, updatedAt: fact.updatedAt }
    } catch {
      return undefined
    }
  },
  act: recordCardTransaction,
}
