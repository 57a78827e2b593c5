import { ApiError } from '@pp/errors'
import { inTransaction } from '@pp/db'
import { lockExternalAccount, markExternalAccountDeleted } from '../../db/external-accounts.db.js'
import type { Tenant } from '../types.js'
import type { ExternalAccountsDeps } from './deps.js'
import { mustFindAccount, ofCustomer, scopeOf } from './find-account.js'

/**
 * Deletes a live account. A trusted beneficiary cannot be deleted (409 BENEFICIARY_TRUSTED):
 * it is untrusted first. The row lock orders this against a concurrent trust confirmation.
 */
export async function deleteExternalAccount(deps: ExternalAccountsDeps, tenant: Tenant, ownerKind: string, id: string, customerId?: string): Promise<void> {
  const scope = scopeOf(ownerKind)
  // an agent deletes its customer's accounts only (`customerId`); the owner never changes
  ofCustomer(await mustFindAccount(deps.db, tenant, id, scope), customerId)
  await inTransaction(deps.db, async (tx) => {
    await lockExternalAccount(tx, id)
    const account = await mustFindAccount(tx, tenant, id, scope)
    if (account.isTrusted) {
      throw new ApiError('BENEFICIARY_TRUSTED', 'The external account is a trusted beneficiary; untrust it first, then delete it')
    }
    await markExternalAccountDeleted(tx, account.id, deps.now())
  })
}
