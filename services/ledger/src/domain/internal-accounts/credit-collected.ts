import { ApiError } from '@pp/errors'
import { inTransaction } from '@pp/db'
import { findAccountByCollectionKey } from '../../db/internal-accounts.db.js'
import type { LedgerDeps } from '../deps.js'
import { findReplay, recordOnce } from '../transfers/replay.js'
import { resolveAccountId } from '../transfers/resolve-accounts.js'
import { assertPositiveAmount, assertTransferId } from '../transfers/rules.js'
import { tenantOf, type Origin } from '../types.js'
import { achCollectionKey, sepaCollectionKey } from './collection-accounts.js'
import { creditFromOutside, outsideCreditFingerprint } from './credit-from-outside.js'

export interface CollectedPayment {
  rail: string
  identifier: string
  currency: string
  amount: bigint
  transferId: string
  description: string
}

const KEY_OF_RAIL: Record<string, (identifier: string) => string> = { ACH: achCollectionKey, SEPA: sepaCollectionKey }

/**
 * Money the deployment's bank received for a production account: credited from the currency's
 * funding account, with INCOMING_PAYMENT, once however often the same transfer id comes. Answers
 * the account's tenant, which the caller did not know. An unknown key, another currency or an
 * account that cannot take money is refused and nothing moves: the caller keeps the credit for an
 * operator.
 */
export async function creditCollectedPayment(deps: LedgerDeps, payment: CollectedPayment): Promise<Origin & { accountId: string }> {
  const keyOf = KEY_OF_RAIL[payment.rail]
  if (!keyOf) throw new ApiError('INVALID_INPUT', `rail must be one of ${Object.keys(KEY_OF_RAIL).join(', ')}`, { field: 'rail' })
  const amount = assertPositiveAmount(payment.amount, 'amount')
  const transferId = assertTransferId(payment.transferId, 'transferId')
  const account = await findAccountByCollectionKey(deps.db, keyOf(payment.identifier))
  if (!account || account.environment !== 'PRODUCTION') {
    throw new ApiError('NOT_FOUND', `No account is funded by ${payment.rail} ${payment.identifier}`, { field: 'identifier' })
  }
  if (account.currency !== payment.currency) {
    throw new ApiError('INVALID_INPUT', `The account named by ${payment.identifier} holds ${account.currency}, not ${payment.currency}`, { field: 'currency' })
  }
  const origin = tenantOf(account)
  const fundingId = await resolveAccountId(deps.db, origin, { system: { kind: 'FUNDING', currency: account.currency } })
  const credit = { account, fundingId, amount, transferId, description: payment.description }
  const fingerprint = outsideCreditFingerprint(credit)
  const answer = { ...origin, accountId: account.id }
  if (await findReplay(deps.db, origin, transferId, fingerprint)) return answer
  await recordOnce(deps.db, origin, transferId, fingerprint, () =>
    inTransaction(deps.db, async (tx) => {
      const at = deps.now()
      await creditFromOutside(tx, origin, credit, at)
      return { id: transferId, kind: 'DIRECT', code: 'FUNDING', legs: [], createdAt: at }
    }),
  )
  return answer
}
