import { ApiError, invalidInput } from '@pp/errors'
import { findReplay, idempotentCall, inTransaction, isUniqueViolation, sqlOf, storeAnswer, type IdempotentCall } from '@pp/db'
import { type Tx } from '../../db/client.js'
import { findHolder } from '../../db/holders.db.js'
import { findOwnedAccounts, lockOwner } from '../../db/internal-accounts.db.js'
import type { LedgerDeps } from '../deps.js'
import type { Caller, Tenant } from '../types.js'
import { openAccount } from './open-account.js'
import { validateRuleBasedAccount, type RuleBasedAccountInput, type ValidRuleBasedAccount } from './rule-based-rules.js'
import type { InternalAccountRecord, InternalAccountView } from './types.js'
import { toAccountView } from './view.js'

/**
 * Creates a RULE_BASED account together with its sweep rule, or nothing. The Idempotency-Key is
 * required because the account number it mints cannot be taken back; a retry with the key gets
 * the first account unchanged, even one racing the first call.
 */
export async function createRuleBasedAccount(
  deps: LedgerDeps,
  caller: Caller,
  input: RuleBasedAccountInput,
  idempotencyKey: string | undefined,
): Promise<InternalAccountView> {
  if (!idempotencyKey) {
    throw invalidInput([{ field: 'Idempotency-Key', message: 'is required: creating the account mints an account number that cannot be reversed' }])
  }
  const tenant: Tenant = { platformId: caller.platformId, environment: caller.environment }
  const call = idempotentCall(idempotencyKey, 'CreateRuleBasedInternalAccount', input, deps)
  const replay = await findReplay<InternalAccountView>(deps.sql, tenant, call)
  if (replay) return replay
  const account = validateRuleBasedAccount(input)
  try {
    return await inTransaction(deps.db, (tx) => create_(deps, tx, tenant, account, call))
  } catch (err) {
    const raced = isUniqueViolation(err) ? await findReplay<InternalAccountView>(deps.sql, tenant, call) : undefined
    if (raced) return raced
    throw err
  }
}

async function create_(deps: LedgerDeps, tx: Tx, tenant: Tenant, account: ValidRuleBasedAccount, call: IdempotentCall): Promise<InternalAccountView> {
  await lockOwner(tx, tenant, account.customerId)
  const owned = await holderAccounts(tx, tenant, account.customerId)
  assertSweepDestination(owned, account.sweepRule.destinationAccountId)
  const at = deps.now()
  const record = await openAccount(tx, tenant, { ...account, type: 'RULE_BASED', currency: 'USD', status: 'ACTIVE' }, at, deps.collection)
  const view = toAccountView(record)
  await storeAnswer(sqlOf(tx), tenant, call, view, at)
  return view
}

/**
 * The holder's accounts, once it is known to have a verified (ACTIVE) USD account, where funds
 * land when a sweep cannot complete. Without one: unknown customer, deleted customer, no End User
 * Terms acceptance (so nothing was provisioned), or not yet approved.
 */
async function holderAccounts(tx: Tx, tenant: Tenant, customerId: string): Promise<InternalAccountRecord[]> {
  const holder = await findHolder(tx, tenant, customerId)
  if (!holder) throw new ApiError('CUSTOMER_NOT_FOUND', `Customer ${customerId} not found`, { customerId })
  if (holder.isDeleted) throw new ApiError('CUSTOMER_DELETED', `Customer ${customerId} has been deleted`, { customerId })
  const owned = await findOwnedAccounts(tx, tenant, customerId)
  if (owned.some(isVerifiedUsdAccount)) return owned
  if (owned.length === 0 && !holder.isTermsAccepted) {
    throw new ApiError('END_USER_TERMS_NOT_ACCEPTED', `Customer ${customerId} has not accepted the End User Terms`, { customerId })
  }
  throw new ApiError('USER_NOT_READY', `Customer ${customerId} has no verified USD account yet`, { customerId })
}

const isVerifiedUsdAccount = (a: InternalAccountRecord): boolean =>
  a.type === 'INTERNAL_FIAT' && a.currency === 'USD' && a.status === 'ACTIVE'

/** Sweeps go to one of the holder's own verified USD accounts. */
function assertSweepDestination(owned: InternalAccountRecord[], destinationAccountId: string): void {
  if (owned.some((a) => a.id === destinationAccountId && isVerifiedUsdAccount(a))) return
  throw invalidInput([{ field: 'sweepRule.destinationAccountId', message: "must be one of the customer's active USD holding accounts" }])
}
