import { inTransaction } from '@pp/db'
import type { Tx } from '../../db/client.js'
import { findOwnedAccounts, lockOwner } from '../../db/internal-accounts.db.js'
import { openAccount } from '../internal-accounts/open-account.js'
import type { LedgerDeps } from '../deps.js'
import type { PlatformSettings } from '../platform-settings.js'
import { tenantOf, type Origin, type Tenant } from '../types.js'
import { hasAccount, holdingAccounts } from './account-plan.js'

/** Opens the platform's own holding account for each supported currency it lacks (idempotent). */
export async function provisionPlatform(deps: LedgerDeps, origin: Origin): Promise<void> {
  await ensurePlatformAccounts(deps, tenantOf(origin), await deps.platformConfig.getSettings(origin))
}

/**
 * The platform itself is not under review, so its accounts are active from the start; currencies
 * the platform drops keep their accounts (and balances).
 */
export function ensurePlatformAccounts(deps: LedgerDeps, tenant: Tenant, settings: PlatformSettings): Promise<void> {
  return inTransaction(deps.db, async (tx: Tx) => {
    await lockOwner(tx, tenant, null)
    const existing = await findOwnedAccounts(tx, tenant, null)
    for (const planned of holdingAccounts(settings)) {
      if (hasAccount(existing, planned)) continue
      await openAccount(tx, tenant, { customerId: null, ...planned, status: 'ACTIVE' }, deps.now(), deps.collection)
    }
  })
}
