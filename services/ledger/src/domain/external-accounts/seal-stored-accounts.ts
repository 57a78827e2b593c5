import type { SqlPool } from '@pp/db'
import { currentSealPrefix } from '@pp/secrets'
import { findAccountsToSeal, lockSealingPass, replaceAccountSecrets, type ResealedAccount, type StoredAccountSecrets } from '../../db/external-accounts-sealing.db.js'
import type { AccountType } from './account-types.js'
import { currentIdentityPrefix, identityKeyOf, openAccountInfo, SEALED_ACCOUNT_FIELDS, sealAccountInfo, type BankAccountSealing } from './bank-account-sealing.js'
import { identityOf } from './identity.js'

const BATCH = 500

export interface SealingPassOutcome {
  /** Accounts whose numbers were sealed or identity keyed anew. */
  sealed: number
  /** Live accounts found equivalent to another live account of their owner and currency (see replaceAccountSecrets). */
  duplicates: string[]
}

/**
 * Brings every external account to the current BANK_ACCOUNT_DATA_KEY: numbers stored in the clear
 * (rows from before sealing) or under a key a rotation retired are sealed again, and the identity
 * key is recomputed as the keyed HMAC (from a plain identity, or one keyed from a retired key).
 * Run at start, before the service answers. Replicas starting together take turns batch by
 * batch under an advisory lock, each batch reading what the one before committed, so every row
 * is done once. A number no configured key opens stops the start. (A registration committing the
 * same identity between a batch's check and its write fails the batch, and so the start, which
 * the next attempt finishes.)
 */
export async function sealStoredAccounts(sql: SqlPool, sealing: BankAccountSealing): Promise<SealingPassOutcome> {
  const prefixes = { identity: currentIdentityPrefix(sealing), sealed: currentSealPrefix(sealing.keyring) }
  const outcome: SealingPassOutcome = { sealed: 0, duplicates: [] }
  let afterId = ''
  for (;;) {
    const last = await sql.transaction(async (tx) => {
      await lockSealingPass(tx)
      const stored = await findAccountsToSeal(tx, prefixes, SEALED_ACCOUNT_FIELDS, afterId, BATCH)
      const batch = upToRepeatedIdentity(stored.map((account) => resealed(sealing, account)))
      if (batch.length === 0) return undefined
      const { replaced, duplicates } = await replaceAccountSecrets(tx, batch)
      outcome.sealed += replaced
      outcome.duplicates.push(...duplicates)
      return batch.at(-1)!.id
    })
    if (last === undefined) return outcome
    afterId = last
  }
}

/** The account's numbers opened (under whichever key of the ring), then sealed under the current key, and its identity keyed anew. */
function resealed(sealing: BankAccountSealing, account: StoredAccountSecrets): ResealedAccount {
  const info = openAccountInfo(sealing.keyring, account.id, account.accountInfo)
  const identity = identityOf(info as typeof info & { accountType: AccountType })
  return { id: account.id, accountInfo: sealAccountInfo(sealing.keyring, account.id, info), identityKey: identityKeyOf(sealing, account, identity.key) }
}

/**
 * The batch up to the first account whose identity an earlier one of the batch has: one statement
 * cannot see its own writes, so that account goes in the next batch, which sees the earlier's new
 * identity and marks it a duplicate.
 */
function upToRepeatedIdentity(batch: ResealedAccount[]): ResealedAccount[] {
  const seen = new Set<string>()
  for (const [index, { identityKey }] of batch.entries()) {
    if (seen.has(identityKey)) return batch.slice(0, index)
    seen.add(identityKey)
  }
  return batch
}
