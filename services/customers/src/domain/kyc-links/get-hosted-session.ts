import { findCustomer } from '../../db/customers.db.js'
import type { BeneficialOwnerView } from '../beneficial-owners/types.js'
import { toBeneficialOwnerView } from '../beneficial-owners/view.js'
import { loadCustomerView, mustBeActive, mustExist } from '../customers/view.js'
import type { CustomersDeps } from '../deps.js'
import type { DocumentView } from '../documents/types.js'
import { toDocumentView } from '../documents/view.js'
import { tenantOf, type CustomerView } from '../types.js'
import { loadPacket } from '../verifications/load-packet.js'
import { findPacketErrors } from '../verifications/packet.js'
import type { VerificationErrorView } from '../verifications/types.js'
import { findHostedLink, type LinkState } from './hosted-link.js'

export interface HostedSession {
  state: LinkState
  customer?: CustomerView
  beneficialOwners: BeneficialOwnerView[]
  documents: DocumentView[]
  missing: VerificationErrorView[]
  redirectUri?: string
}

/**
 * What the hosted pages show: everything on file (prefilled from the customer record, spec rule 4)
 * and what a submission would still report missing. A used or expired link shows nothing.
 */
export async function getHostedSession(deps: CustomersDeps, linkToken: string, requestId: string): Promise<HostedSession> {
  const { link, caller, state } = await findHostedLink(deps, linkToken, requestId)
  const redirectUri = link.redirectUri ?? undefined
  if (state !== 'OPEN') return { state, beneficialOwners: [], documents: [], missing: [], redirectUri }
  const customer = mustBeActive(mustExist(await findCustomer(deps.db, tenantOf(caller), link.customerId), link.customerId))
  const packet = await loadPacket(deps.db, customer)
  return {
    state,
    customer: await loadCustomerView(deps.db, customer),
    beneficialOwners: packet.owners.map(toBeneficialOwnerView),
    documents: packet.documents.map(toDocumentView),
    missing: findPacketErrors(packet),
    redirectUri,
  }
}
