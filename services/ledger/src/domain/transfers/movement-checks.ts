import { ApiError, invalidInput } from '@pp/errors'
import type { LockedAccount } from '../../db/ledger-accounts.db.js'
import { assertCanMoveMoney } from '../internal-accounts/status-rules.js'
import type { RecordedLeg } from './types.js'

/**
 * Every account of every leg exists in the tenant, is in the leg's currency and, when it is an
 * internal account and money is about to move, is ACTIVE. Voids skip the status check: releasing
 * a hold is always allowed.
 */
export function assertLegsMovable(accounts: Map<string, LockedAccount>, legs: RecordedLeg[], isMovingMoney: boolean): void {
  legs.forEach((leg, i) => {
    if (leg.debitAccountId === leg.creditAccountId) {
      throw invalidInput([{ field: `legs.${i}.credit`, message: 'must differ from the debited account' }])
    }
    for (const accountId of [leg.debitAccountId, leg.creditAccountId]) {
      const account = accounts.get(accountId)
      if (!account) throw new ApiError('ACCOUNT_NOT_FOUND', `Account ${accountId} not found`, { accountId })
      if (account.currency !== leg.currency) {
        throw new ApiError('INVALID_CURRENCY', `Account ${accountId} holds ${account.currency}, not ${leg.currency}`, {
          accountId,
          field: `legs.${i}.currency`,
        })
      }
      if (isMovingMoney && account.status !== null) assertCanMoveMoney(accountId, account.status)
    }
  })
}
