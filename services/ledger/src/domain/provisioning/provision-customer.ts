import { inTransaction } from '@pp/db'
import type { Tx } from '../../db/client.js'
import { findHolder, saveHolder } from '../../db/holders.db.js'
import { findOwnedAccounts, lockOwner } from '../../db/internal-accounts.db.js'
import { lockAccounts } from '../../db/ledger-accounts.db.js'
import { changeStatus } from '../internal-accounts/change-status.js'
import { openAccount } from '../internal-accounts/open-account.js'
import type { LedgerDeps } from '../deps.js'
import type { PlatformSettings } from '../platform-settings.js'
import { tenantOf, type Origin, type Tenant } from '../types.js'
import { customerAccounts, hasAccount, isApproved, mayProvision } from './account-plan.js'
import type { HolderSnapshot } from './holder.js'
import { ensurePlatformAccounts } from './provision-platform.js'
import { retireDeletedCustomerAccounts } from './retire-customer.js'

/**
 * Handles a customer event: keeps the newest snapshot of the customer, opens the accounts it
 * should have (PENDING) once it may have them, and activates its pending accounts once it is
 * approved; once it is deleted, retires its accounts (retire-customer.ts). Every step is
 * idempotent, so a redelivered or reordered event changes nothing more.
 */
export async function provisionCustomer(deps: LedgerDeps, origin: Origin, snapshot: HolderSnapshot): Promise<void> {
  const tenant = tenantOf(origin)
  const settings = await deps.platformConfig.getSettings(origin)
  // the platform's own accounts too, in case its PLATFORM.CREATED event never came
  await ensurePlatformAccounts(deps, tenant, settings)
  await inTransaction(deps.db, async (tx) => {
    await lockOwner(tx, tenant, snapshot.customerId)
    await saveHolder(tx, tenant, snapshot)
    const holder = (await findHolder(tx, tenant, snapshot.customerId)) ?? snapshot
    if (holder.isDeleted) return retireDeletedCustomerAccounts(tx, origin, holder.customerId, deps.now())
    if (!mayProvision(holder, settings)) return
    await openMissingAccounts(tx, tenant, holder, settings, deps)
    if (isApproved(holder)) await activatePendingAccounts(tx, origin, holder.customerId, deps.now())
  })
}

async function openMissingAccounts(tx: Tx, tenant: Tenant, holder: HolderSnapshot, settings: PlatformSettings, deps: LedgerDeps): Promise<void> {
  const existing = await findOwnedAccounts(tx, tenant, holder.customerId)
  for (const planned of customerAccounts(settings, tenant.environment)) {
    if (hasAccount(existing, planned)) continue
    await openAccount(tx, tenant, { customerId: holder.customerId, ...planned, status: 'PENDING' }, deps.now(), deps.collection)
  }
}

/** Provisioning completes: PENDING → ACTIVE, each with its INTERNAL_ACCOUNT.STATUS_UPDATED event. */
async function activatePendingAccounts(tx: Tx, origin: Origin, customerId: string, at: Date): Promise<void> {
  const tenant = tenantOf(origin)
  const pending = (await findOwnedAccounts(tx, tenant, customerId)).filter((a) => a.status === 'PENDING')
  // the same lock a transfer or a freeze takes, so the status cannot change under them
  await lockAccounts(tx, tenant, pending.map((a) => a.id))
  for (const account of pending) await changeStatus(tx, origin, account, 'ACTIVE', at)
}
