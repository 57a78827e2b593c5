import { ApiError } from '@pp/errors'
import { findReplay, idempotentCall, inTransaction, sqlOf, storeAnswer, violatedUniqueIndex, type IdempotentCall } from '@pp/db'
import type { Tx } from '../../db/client.js'
import { newId } from '@pp/ids'
import {
  insertExternalAccount, LIVE_IDENTITY_INDEX, type ExternalAccountRecord, type NewExternalAccount,
} from '../../db/external-accounts.db.js'
import { recordAchValidationRequested } from '../../events/outbox.js'
import { tenantOf, type Caller } from '../types.js'
import { rulesOf } from './account-types.js'
import { identityKeyOf, sealAccountInfo, withNumbersDigested } from './bank-account-sealing.js'
import { checkCreateInput, type CreateExternalAccountInput, type ValidCreateInput } from './create-input.js'
import type { ExternalAccountsDeps } from './deps.js'
import { identityOf } from './identity.js'
import { assertLiveCustomer } from './owner.js'
import { statusAtCreation } from './status-at-creation.js'
import type { ExternalAccountView } from './types.js'
import { awaitsAchRail } from './usability.js'
import { openSealedView, toExternalAccountView, toSealedView } from './view.js'

/**
 * Creates an external account once its information is valid, its owner exists and the bank side
 * accepts it. An equivalent live account of the same owner and currency gives 409
 * DUPLICATE_EXTERNAL_ACCOUNT; with an Idempotency-Key, a retry gets the first answer instead (kept
 * with its numbers sealed, as the row keeps them).
 */
export async function createExternalAccount(
  deps: ExternalAccountsDeps,
  caller: Caller,
  input: CreateExternalAccountInput,
  idempotencyKey?: string,
): Promise<ExternalAccountView> {
  const tenant = tenantOf(caller)
  const call = idempotencyKey ? idempotentCall(idempotencyKey, 'CreateExternalAccount', fingerprinted(deps, input), deps) : undefined
  const replay = call && (await findReplay<ExternalAccountView>(deps.sql, tenant, call))
  if (replay) return openSealedView(deps.sealing.keyring, replay)
  const valid = checkCreateInput(input)
  if (valid.owner.kind === 'CUSTOMER') await assertLiveCustomer(deps, caller, valid.owner.customerId)
  const record = prepareAccount(deps, caller, valid)
  try {
    return await inTransaction(deps.db, (tx) => create_(deps, tx, record, call))
  } catch (err) {
    const index = violatedUniqueIndex(err)
    if (index === undefined) throw err
    const raced = call && (await findReplay<ExternalAccountView>(deps.sql, tenant, call))
    if (raced) return openSealedView(deps.sealing.keyring, raced)
    if (index !== LIVE_IDENTITY_INDEX) throw err
    throw new ApiError('DUPLICATE_EXTERNAL_ACCOUNT', 'An equivalent external account already exists for this owner and currency')
  }
}

/** What an Idempotency-Key's fingerprint covers: the request, its numbers as keyed digests. */
const fingerprinted = (deps: ExternalAccountsDeps, input: CreateExternalAccountInput): CreateExternalAccountInput =>
  input.accountInfo ? { ...input, accountInfo: withNumbersDigested(deps.sealing, input.accountInfo) } : input

/** The row to insert: numbers sealed, identity keyed, the bank side's verdicts and the status they give. */
function prepareAccount(deps: ExternalAccountsDeps, caller: Caller, valid: ValidCreateInput): NewExternalAccount {
  const info = valid.accountInfo
  const rules = rulesOf(info.accountType)
  const identity = identityOf(info)
  const now = deps.now()
  const beneficiaryName = info.beneficiary?.fullName ?? info.beneficiary?.legalName
  const checks = deps.rails[caller.environment].checkNewAccount({ rules, primaryIdentifier: identity.primaryIdentifier, beneficiaryName }, now)
  const id = newId('ExternalAccount')
  const scope = { ...tenantOf(caller), customerId: valid.owner.kind === 'CUSTOMER' ? valid.owner.customerId : null, currency: valid.currency }
  return {
    id,
    ...scope,
    accountType: info.accountType,
    accountInfo: sealAccountInfo(deps.sealing.keyring, id, info),
    identityKey: identityKeyOf(deps.sealing, scope, identity.key),
    platformAccountId: valid.platformAccountId ?? null,
    ownershipType: valid.ownershipType ?? null,
    defaultUmaDepositAccount: valid.defaultUmaDepositAccount,
    status: statusAtCreation(rules, valid, checks),
    beneficiaryVerificationStatus: checks.beneficiaryVerification?.status ?? null,
    beneficiaryVerifiedName: checks.beneficiaryVerification?.verifiedName ?? null,
    achValidationStatus: checks.achValidation ? 'VALIDATING' : null,
    achValidatesAt: checks.achValidation?.validatesAt ?? null,
    achValidationOutcome: checks.achValidation?.outcome ?? null,
    createdAt: now,
  }
}

/** The account and, with a key, its idempotent answer commit together. */
async function create_(deps: ExternalAccountsDeps, tx: Tx, account: NewExternalAccount, call?: IdempotentCall): Promise<ExternalAccountView> {
  await insertExternalAccount(tx, account)
  const record: ExternalAccountRecord = { ...account, isTrusted: false, updatedAt: account.createdAt }
  if (awaitsAchRail(record)) await recordAchValidationRequested(tx, tenantOf(record), { externalAccountId: record.id, requestedAt: record.createdAt })
  if (call) await storeAnswer(sqlOf(tx), tenantOf(record), call, toSealedView(record, account.createdAt), account.createdAt)
  return toExternalAccountView(record, account.createdAt, deps.sealing.keyring)
}
