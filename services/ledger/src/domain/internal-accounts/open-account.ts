import { newId } from '@pp/ids'
import type { Tx } from '../../db/client.js'
import { insertInternalAccount, nextCollectionNumber } from '../../db/internal-accounts.db.js'
import { insertInternalLedgerAccount } from '../../db/ledger-accounts.db.js'
import type { Tenant } from '../types.js'
import { collectionFor, hasCollectionAccount, type Collection, type CollectionAccounts } from './collection-accounts.js'
import { fundingInstructionsFor } from './funding-instructions.js'
import type { AccountStatus } from './status-rules.js'
import type { InternalAccountRecord, InternalAccountType, SweepRule } from './types.js'

export interface AccountToOpen {
  customerId: string | null
  type: InternalAccountType
  currency: string
  status: AccountStatus
  label?: string
  sweepRule?: SweepRule
}

/**
 * A new internal account and its ledger account (zero totals), with its funding coordinates fixed
 * now: in production, those of the deployment's collection account in its currency, if any.
 */
export async function openAccount(tx: Tx, tenant: Tenant, account: AccountToOpen, at: Date, collection: CollectionAccounts): Promise<InternalAccountRecord> {
  const id = newId('InternalAccount')
  const collected = await collectionOf(tx, tenant, account, collection)
  const record = {
    id,
    ...tenant,
    customerId: account.customerId,
    type: account.type,
    currency: account.currency,
    status: account.status,
    label: account.label ?? null,
    sweepRule: account.sweepRule ?? null,
    privateEnabled: account.type === 'EMBEDDED_WALLET' ? false : null,
    fundingInstructions: collected ? [collected.instructions] : fundingInstructionsFor({ id, ...account }, tenant.environment),
    collectionKey: collected?.key ?? null,
    createdAt: at,
  }
  await insertInternalLedgerAccount(tx, tenant, id, account.currency, at)
  await insertInternalAccount(tx, record)
  const zero = { debitsPending: 0n, debitsPosted: 0n, creditsPending: 0n, creditsPosted: 0n }
  return { ...record, updatedAt: at, balanceUpdatedAt: at, balance: { accountId: id, currency: account.currency, ...zero } }
}

async function collectionOf(tx: Tx, tenant: Tenant, account: AccountToOpen, collection: CollectionAccounts): Promise<Collection | undefined> {
  if (tenant.environment !== 'PRODUCTION' || !hasCollectionAccount(collection, account.currency)) return undefined
  return collectionFor(collection, account.currency, await nextCollectionNumber(tx), account.customerId === null)
}
