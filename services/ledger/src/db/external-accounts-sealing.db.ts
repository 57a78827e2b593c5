import { prepared, type SqlRunner } from '@pp/db'
import type { AccountInfoInput } from '../domain/external-accounts/types.js'
import type { Tenant } from '../domain/types.js'

/** What the start-up pass reads of an account: its numbers and identity as stored, and the scope its identity is bound to. */
export interface StoredAccountSecrets extends Tenant {
  id: string
  customerId: string | null
  currency: string
  accountInfo: AccountInfoInput
  identityKey: string
}

/** An account's numbers sealed and identity keyed anew. */
export interface ResealedAccount {
  id: string
  accountInfo: AccountInfoInput
  identityKey: string
}

const LOCK = prepared('ledger.seal_accounts_lock', "SELECT pg_advisory_xact_lock(hashtext('ledger/seal-external-accounts'))")

/** Waits for the pass's lock, held until the transaction ends: replicas starting together take turns. */
export async function lockSealingPass(tx: SqlRunner): Promise<void> {
  await tx.query(LOCK, [])
}

// deleted accounts too: their numbers are as secret as a live account's
const FIND = prepared(
  'ledger.accounts_to_seal',
  `SELECT id, platform_id AS "platformId", environment, customer_id AS "customerId", currency,
          account_info AS "accountInfo", identity_key AS "identityKey"
     FROM external_accounts
    WHERE id > $1
      AND (identity_key NOT LIKE $2
           OR EXISTS (SELECT 1 FROM jsonb_each_text(account_info) AS f WHERE f.key = ANY($3::text[]) AND f.value NOT LIKE $4))
    ORDER BY id LIMIT $5`,
)

/**
 * Accounts after `afterId` (in id order) whose identity key does not start with `identityPrefix`
 * or one of whose `fields` does not start with `sealedPrefix`: in the clear, or under a retired key.
 */
export function findAccountsToSeal(
  tx: SqlRunner,
  prefixes: { identity: string; sealed: string },
  fields: readonly string[],
  afterId: string,
  limit: number,
): Promise<StoredAccountSecrets[]> {
  return tx.query<StoredAccountSecrets>(FIND, [afterId, `${prefixes.identity}%`, fields, `${prefixes.sealed}%`, limit])
}

/**
 * A live account whose new identity another live account of its scope already has (an equivalent
 * account registered twice while replicas ran different keys) keeps the identity suffixed with its
 * own id: unique, telling nothing, and no longer in the way of the other's duplicate check.
 */
const REPLACE = prepared(
  'ledger.replace_account_secrets',
  `UPDATE external_accounts e
      SET account_info = s.account_info,
          identity_key = CASE WHEN e.deleted_at IS NULL AND EXISTS (
                           SELECT 1 FROM external_accounts o
                            WHERE o.platform_id = e.platform_id AND o.environment = e.environment
                              AND COALESCE(o.customer_id, '') = COALESCE(e.customer_id, '') AND o.currency = e.currency
                              AND o.identity_key = s.identity_key AND o.deleted_at IS NULL AND o.id <> e.id)
                         THEN s.identity_key || ':duplicate:' || e.id ELSE s.identity_key END
     FROM unnest($1::text[], $2::jsonb[], $3::text[]) AS s(id, account_info, identity_key)
    WHERE e.id = s.id
RETURNING e.id, e.identity_key <> s.identity_key AS "isDuplicate"`,
)

/** Stores the accounts' new numbers and identities; answers the ids of those found to duplicate another live account. */
export async function replaceAccountSecrets(tx: SqlRunner, accounts: ResealedAccount[]): Promise<{ replaced: number; duplicates: string[] }> {
  const rows = await tx.query<{ id: string; isDuplicate: boolean }>(REPLACE, [
    accounts.map((a) => a.id),
    accounts.map((a) => JSON.stringify(a.accountInfo)),
    accounts.map((a) => a.identityKey),
  ])
  return { replaced: rows.length, duplicates: rows.filter((row) => row.isDuplicate).map((row) => row.id) }
}
