import { hexToBytes } from '@noble/curves/utils.js'
import { ApiError, invalidInput } from '@pp/errors'
import { isId, newId } from '@pp/ids'
import { inTransaction, violatedUniqueIndex } from '@pp/db'
import { walletAuthSignedOperation } from '@pp/vocabulary'
import { generateP256KeyPair } from '../../crypto/p256.js'
import {
  findDelegatedKey,
  findDelegatedKeys,
  hasActiveDelegatedKey,
  insertDelegatedKey,
  revokeActiveDelegatedKey,
  type DelegatedKeyFilter,
  type NewDelegatedKey,
} from '../../db/delegated-keys.db.js'
import type { WalletAuthDeps } from '../deps.js'
import { delegatedKeyBinding, sealBytes } from '../secrets/wallet-sealing.js'
import { completeSignedOperation, type WalletSignatureProof } from '../signed-requests/signed-operation.js'
import { tenantOf, type Caller, type Tenant } from '../types.js'
import type { DelegatedKey } from './types.js'

const NICKNAME_MAX = 256

export interface CreateDelegatedKeyInput {
  cardId: string
  internalAccountId: string
  nickname: string
}

type DelegatedKeyDeps = Pick<WalletAuthDeps, 'db' | 'now' | 'sealing' | 'wallets' | 'cardFundingSources'>

/**
 * Generates a P-256 key pair here (the private half encrypted at rest) and activates it for the
 * card's funding source; one ACTIVE key per funding source (409 CONFLICT otherwise). A signed
 * operation of the wallet, its request completed in the transaction that stores the key.
 */
export async function createDelegatedKey(
  deps: DelegatedKeyDeps,
  caller: Caller,
  input: CreateDelegatedKeyInput,
  proof: WalletSignatureProof | undefined,
): Promise<DelegatedKey> {
  const tenant = tenantOf(caller)
  checkCreateInput(input)
  if (!deps.cardFundingSources) throw new ApiError('NOT_IMPLEMENTED', 'Cards are not available, so no card funding source can hold a delegated key')
  const wallet = await deps.wallets.requireWallet(caller, input.internalAccountId)
  const fundingSourceId = await deps.cardFundingSources.fundingSourceOf(tenant, input.cardId, wallet.accountId)
  if (!fundingSourceId) throw new ApiError('NOT_FOUND', `Card ${input.cardId} has no funding source on ${wallet.accountId}`)
  const operation = {
    accountId: wallet.accountId,
    operation: walletAuthSignedOperation.createDelegatedKey(),
    signedValues: { cardId: input.cardId, internalAccountId: input.internalAccountId, nickname: input.nickname },
  }
  const key = generateP256KeyPair()
  const now = deps.now()
  const id = newId('DelegatedKey')
  const sealed = sealBytes(deps.sealing, delegatedKeyBinding(id), hexToBytes(key.privateKey))
  const row: NewDelegatedKey = {
    id,
    ...tenant,
    accountId: wallet.accountId,
    cardId: input.cardId,
    fundingSourceId,
    activeFundingSourceId: fundingSourceId,
    publicKey: key.publicKey,
    privateKey: sealed.ciphertext,
    sealingKeyId: sealed.sealingKeyId,
    nickname: input.nickname,
    status: 'ACTIVE',
    createdAt: now,
    updatedAt: now,
  }
  return inTransaction(deps.db, async (tx) => {
    await completeSignedOperation(deps, tx, tenant, operation, proof)
    return insertDelegatedKey(tx, row)
  }).catch((err: unknown) => {
    if (violatedUniqueIndex(err) === undefined) throw err
    throw new ApiError('CONFLICT', 'An ACTIVE delegated key already exists for this card funding source; revoke it first')
  })
}

function checkCreateInput(input: CreateDelegatedKeyInput): void {
  const errors = [
    ...(input.cardId ? [] : [{ field: 'cardId', message: 'required' }]),
    ...(input.internalAccountId ? [] : [{ field: 'internalAccountId', message: 'required' }]),
    ...(input.nickname.length >= 1 && input.nickname.length <= NICKNAME_MAX
      ? []
      : [{ field: 'nickname', message: `1 to ${NICKNAME_MAX} characters`, constraint: { minLength: 1, maxLength: NICKNAME_MAX } }]),
  ]
  if (errors.length > 0) throw invalidInput(errors)
}

export async function listDelegatedKeys(
  deps: Pick<WalletAuthDeps, 'db'>,
  tenant: Tenant,
  filter: DelegatedKeyFilter,
): Promise<DelegatedKey[]> {
  if (!filter.accountId && !filter.fundingSourceId) {
    throw invalidInput([{ field: 'accountId', message: 'accountId or fundingSourceId is required' }])
  }
  return findDelegatedKeys(deps.db, tenant, filter)
}

export async function getDelegatedKey(deps: Pick<WalletAuthDeps, 'db'>, tenant: Tenant, id: string): Promise<DelegatedKey> {
  const key = isId('DelegatedKey', id) ? await findDelegatedKey(deps.db, tenant, id) : undefined
  if (!key) throw new ApiError('NOT_FOUND', `Delegated key ${id} not found`)
  return key
}

/** ACTIVE → REVOKED, once (400 INVALID_INPUT for a key that is not ACTIVE). */
export async function revokeDelegatedKey(deps: Pick<WalletAuthDeps, 'db' | 'now'>, tenant: Tenant, id: string): Promise<DelegatedKey> {
  await getDelegatedKey(deps, tenant, id)
  const revoked = await revokeActiveDelegatedKey(deps.db, tenant, id, deps.now())
  if (!revoked) throw invalidInput([{ field: 'id', message: 'only an ACTIVE delegated key can be revoked' }], 'Delegated key is not ACTIVE')
  return getDelegatedKey(deps, tenant, id)
}

/**
 * Whether a wallet-funded card may spend from its funding source: the reference has the
 * custodied delegated key sign in place of a session, so without an ACTIVE one nothing is signed.
 */
export async function cardSpendingAllowed(deps: Pick<WalletAuthDeps, 'db'>, tenant: Tenant, cardId: string, fundingSourceId: string): Promise<boolean> {
  const errors = [
    ...(cardId ? [] : [{ field: 'cardId', message: 'required' }]),
    ...(fundingSourceId ? [] : [{ field: 'fundingSourceId', message: 'required' }]),
  ]
  if (errors.length > 0) throw invalidInput(errors)
  return hasActiveDelegatedKey(deps.db, tenant, cardId, fundingSourceId)
}
