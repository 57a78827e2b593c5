import { ApiError } from '@pp/errors'
import { newId } from '@pp/ids'
import { findReplay, idempotentCall, inTransaction, isUniqueViolation, sqlOf, storeAnswer, type IdempotentCall } from '@pp/db'
import { type Tx } from '../../db/client.js'
import { findInternalAccount } from '../../db/internal-accounts.db.js'
import type { LedgerDeps } from '../deps.js'
import { resolveAccountId } from '../transfers/resolve-accounts.js'
import { assertPositiveAmount } from '../transfers/rules.js'
import { tenantOf, type Caller, type Tenant } from '../types.js'
import { creditFromOutside } from './credit-from-outside.js'
import type { InternalAccountRecord, InternalAccountView } from './types.js'
import { mustExist } from './view.js'

/** The reference's ceiling for one sandbox funding, in the smallest unit. */
const SANDBOX_FUND_AMOUNT_MAX = 100_000_000_000n

export interface FundInput {
  accountId: string
  amount: bigint
}

/**
 * Sandbox only: credits the account at once from the tenant's funding account, as an incoming
 * payment would. The transfer with its INTERNAL_ACCOUNT.BALANCE_UPDATED (as every movement's) and
 * the FUNDS_CREDITED fact commit together; the answer is the updated account, the event's data.
 * With an Idempotency-Key a retry, even one racing the first call, gets the first answer and
 * credits nothing again.
 */
export async function fundSandboxAccount(
  deps: LedgerDeps,
  caller: Caller,
  input: FundInput,
  idempotencyKey?: string,
): Promise<InternalAccountView> {
  if (caller.environment !== 'SANDBOX') {
    throw new ApiError('FORBIDDEN', 'Sandbox endpoints cannot be used with production credentials')
  }
  const amount = assertPositiveAmount(input.amount, 'amount')
  if (amount > SANDBOX_FUND_AMOUNT_MAX) {
    throw new ApiError('AMOUNT_OUT_OF_RANGE', `amount must be at most ${SANDBOX_FUND_AMOUNT_MAX}`, { field: 'amount' })
  }
  const tenant: Tenant = { platformId: caller.platformId, environment: caller.environment }
  const call = idempotencyKey === undefined ? undefined : idempotentCall(idempotencyKey, 'FundSandboxInternalAccount', input, deps)
  const replay = call && (await findReplay<InternalAccountView>(deps.sql, tenant, call))
  if (replay) return replay
  const account = mustExist(await findInternalAccount(deps.db, tenant, input.accountId), input.accountId)
  const fundingId = await resolveAccountId(deps.db, tenant, { system: { kind: 'FUNDING', currency: account.currency } })
  try {
    return await inTransaction(deps.db, (tx) => fund_(deps, tx, caller, { account, fundingId, amount }, call))
  } catch (err) {
    const raced = call && isUniqueViolation(err) ? await findReplay<InternalAccountView>(deps.sql, tenant, call) : undefined
    if (raced) return raced
    throw err
  }
}

interface Funding {
  account: InternalAccountRecord
  fundingId: string
  amount: bigint
}

async function fund_(deps: LedgerDeps, tx: Tx, caller: Caller, { account, fundingId, amount }: Funding, call?: IdempotentCall): Promise<InternalAccountView> {
  const at = deps.now()
  const view = await creditFromOutside(tx, caller, { account, fundingId, amount, transferId: newId('Transfer'), description: 'Sandbox funding' }, at)
  if (call) await storeAnswer(sqlOf(tx), tenantOf(caller), call, view, at)
  return view
}
