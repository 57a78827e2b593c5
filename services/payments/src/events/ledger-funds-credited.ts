import { FundsCredited } from '@pp/proto/ledger/v1/events'
import { recordFundsCredited } from '../domain/transactions/funds-credited.js'
import type { Fact } from './fact-consumer.js'

/** The ledger's FUNDS_CREDITED: money credited from outside, recorded as an INCOMING transaction. */
export const fundsCredited: Fact<FundsCredited & { creditedAt: Date }> = {
  type: 'FUNDS_CREDITED',
  consumer: 'funds-credited',
  read(data) {
    const fact = FundsCredited.fromJSON(data ?? {})
    const isWhole = fact.transferId && fact.accountId && fact.currency && fact.amount > 0n && fact.creditedAt
    return isWhole ? { ...fact, creditedAt: fact.creditedAt! } : undefined
  },
  act: recordFundsCredited,
}
