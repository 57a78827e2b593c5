import { randomUUID } from 'node:crypto'
import { ApiError, invalidInput, notConfigured } from '@pp/errors'
import { newId } from '@pp/ids'
import { inTransaction } from '@pp/db'
import type { Tx } from '../../db/client.js'
import { findOpenChallenge, replaceChallenge, resolveChallenge } from '../../db/external-account-challenges.db.js'
import { lockExternalAccount, updateExternalAccount, type ExternalAccountRecord } from '../../db/external-accounts.db.js'
import { recordEvent } from '../../events/outbox.js'
import { EXTERNAL_ACCOUNT_STATUS_UPDATED } from '../../events/types.js'
import { tenantOf, type Tenant } from '../types.js'
import { isAccountType, rulesOf, type OwnershipProof } from './account-types.js'
import type { ExternalAccountsDeps } from './deps.js'
import { mustFindAccount, scopeOf } from './find-account.js'
import { isOwnershipProof } from './ownership-signatures.js'
import type { ExternalAccountStatus, ExternalAccountView } from './types.js'
import { toExternalAccountView } from './view.js'

const AWAITING_PROOF: ExternalAccountStatus[] = ['PENDING_OWNERSHIP_VERIFICATION', 'UNVERIFIED']

export interface OwnershipChallengeView {
  method: 'WALLET_SIGNATURE'
  messageToSign: string
  expiresAt: Date
}

/** The signature scheme of a first-party self-custody wallet still to prove; else 409 CONFLICT. */
function proofOf(account: ExternalAccountRecord): OwnershipProof {
  const proof = isAccountType(account.accountType) ? rulesOf(account.accountType).ownershipProof : undefined
  const isSelfCustody = proof !== undefined && account.accountInfo.vaspName === undefined
  if (!isSelfCustody || account.ownershipType !== 'FIRST_PARTY') {
    throw new ApiError('CONFLICT', 'Ownership verification applies to first-party self-custody wallets only')
  }
  if (!AWAITING_PROOF.includes(account.status)) throw new ApiError('CONFLICT', 'The wallet’s ownership is already verified')
  return proof
}

async function changeStatus(deps: ExternalAccountsDeps, tx: Tx, tenant: Tenant, account: ExternalAccountRecord, status: ExternalAccountStatus, now: Date): Promise<ExternalAccountRecord> {
  if (account.status === status) return account
  const updated = await updateExternalAccount(tx, account.id, { status }, now)
  await recordEvent(tx, tenant, EXTERNAL_ACCOUNT_STATUS_UPDATED, toExternalAccountView(updated, now, deps.sealing.keyring))
  return updated
}

/**
 * Starts (or restarts) ownership verification: the exact message the wallet signs. A new
 * challenge abandons the previous one and takes an UNVERIFIED account back to
 * PENDING_OWNERSHIP_VERIFICATION. LIVENESS needs a provider that is not configured (501).
 */
export async function createOwnershipChallenge(
  deps: ExternalAccountsDeps,
  tenant: Tenant,
  input: { ownerKind: string; id: string; method: string },
): Promise<OwnershipChallengeView> {
  const scope = scopeOf(input.ownerKind)
  if (input.method !== 'WALLET_SIGNATURE' && input.method !== 'LIVENESS') {
    throw invalidInput([{ field: 'method', message: 'must be WALLET_SIGNATURE or LIVENESS', constraint: { enum: ['WALLET_SIGNATURE', 'LIVENESS'] } }])
  }
  proofOf(await mustFindAccount(deps.db, tenant, input.id, scope))
  if (input.method === 'LIVENESS') throw notConfigured('A liveness verification provider (use WALLET_SIGNATURE)')
  return inTransaction(deps.db, async (tx) => {
    await lockExternalAccount(tx, input.id)
    const account = await mustFindAccount(tx, tenant, input.id, scope)
    proofOf(account)
    const now = deps.now()
    const expiresAt = new Date(now.getTime() + deps.settings.challengeTtlMs)
    const messageToSign = `I control the wallet ${account.accountInfo.address}. Nonce: ${randomUUID()}`
    const challenge = { id: newId('Request'), ...tenant, externalAccountId: account.id, messageToSign, expiresAt, createdAt: now }
    await replaceChallenge(tx, { ...challenge, purpose: 'OWNERSHIP', method: 'WALLET_SIGNATURE' })
    await changeStatus(deps, tx, tenant, account, 'PENDING_OWNERSHIP_VERIFICATION', now)
    return { method: 'WALLET_SIGNATURE', messageToSign, expiresAt }
  })
}

/**
 * Completes a WALLET_SIGNATURE challenge: a valid signature makes the account ACTIVE; an invalid
 * or late one makes it UNVERIFIED (committed, with its event) and answers 400.
 */
export async function verifyOwnership(
  deps: ExternalAccountsDeps,
  tenant: Tenant,
  input: { ownerKind: string; id: string; signature: string },
): Promise<ExternalAccountView> {
  const scope = scopeOf(input.ownerKind)
  if (!input.signature) throw invalidInput([{ field: 'signature', message: 'is required' }])
  const outcome = await inTransaction(deps.db, async (tx) => {
    await lockExternalAccount(tx, input.id)
    const account = await mustFindAccount(tx, tenant, input.id, scope)
    const proof = proofOf(account)
    const challenge = await findOpenChallenge(tx, account.id, 'OWNERSHIP')
    if (!challenge) throw new ApiError('CONFLICT', 'No WALLET_SIGNATURE challenge is outstanding for this account')
    const now = deps.now()
    const isProven = challenge.expiresAt > now && isOwnershipProof(proof, account.accountInfo.address!, challenge.messageToSign!, input.signature)
    await resolveChallenge(tx, challenge.id, now)
    const updated = await changeStatus(deps, tx, tenantOf(account), account, isProven ? 'ACTIVE' : 'UNVERIFIED', now)
    return { isProven, isExpired: challenge.expiresAt <= now, account: toExternalAccountView(updated, now, deps.sealing.keyring) }
  })
  if (outcome.isProven) return outcome.account
  const message = outcome.isExpired ? 'the challenge expired; start a new one' : 'does not prove control of the wallet; start a new challenge'
  throw invalidInput([{ field: 'signature', message }], 'Invalid or expired signature')
}
