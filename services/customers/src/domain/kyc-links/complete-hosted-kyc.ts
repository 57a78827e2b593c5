import { ApiError } from '@pp/errors'
import { inTransaction } from '@pp/db'
import { lockCustomer } from '../../db/customers.db.js'
import { lockKycLink, markKycLinkUsed } from '../../db/kyc-links.db.js'
import { mustBeActive, mustExist } from '../customers/view.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf } from '../types.js'
import { runVerification_ } from '../verifications/run-verification.js'
import type { VerificationView } from '../verifications/types.js'
import { linkState, openHostedLink, requireOpen } from './hosted-link.js'

export interface HostedCompletion {
  verification: VerificationView
  redirectUri?: string
}

/**
 * Submits the packet exactly as POST /verifications does. A decision uses the link up (locked,
 * so two submissions at once use it once); RESOLVE_ERRORS leaves it open for the missing items.
 */
export async function completeHostedKyc(deps: CustomersDeps, linkToken: string, requestId: string): Promise<HostedCompletion> {
  const { link: found, caller } = await openHostedLink(deps, linkToken, requestId)
  const platform = await deps.platformConfig.getConfig(caller)
  return inTransaction(deps.db, async (tx) => {
    const link = await lockKycLink(tx, found.id)
    if (!link) throw new ApiError('NOT_FOUND', 'This verification link does not exist')
    requireOpen(linkState(link, deps.now()))
    const customer = mustBeActive(mustExist(await lockCustomer(tx, tenantOf(caller), link.customerId), link.customerId))
    const verification = await runVerification_(tx, deps, caller, customer, platform, 'HOSTED')
    if (verification.verificationStatus !== 'RESOLVE_ERRORS') await markKycLinkUsed(tx, link.id, deps.now())
    return { verification, redirectUri: link.redirectUri ?? undefined }
  })
}
