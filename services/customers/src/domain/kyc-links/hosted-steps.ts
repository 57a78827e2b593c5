import { ApiError } from '@pp/errors'
import { ownersOfCustomer } from '../../db/beneficial-owners.db.js'
import { findCustomer } from '../../db/customers.db.js'
import { createBeneficialOwner } from '../beneficial-owners/create-beneficial-owner.js'
import type { BeneficialOwnerInput, BeneficialOwnerView } from '../beneficial-owners/types.js'
import { updateCustomer } from '../customers/update-customer.js'
import { mustExist } from '../customers/view.js'
import type { CustomersDeps } from '../deps.js'
import { uploadDocument } from '../documents/upload-document.js'
import type { DocumentUploadInput } from '../documents/types.js'
import { tenantOf, type CustomerProfile } from '../types.js'
import { openHostedLink } from './hosted-link.js'

/**
 * The steps of the hosted flow write through the same use cases as the API (PATCH /customers,
 * POST /beneficial-owners, POST /documents), so both paths store the same data the same way.
 */
export async function saveHostedProfile(deps: CustomersDeps, linkToken: string, requestId: string, profile: CustomerProfile): Promise<void> {
  const { link, caller } = await openHostedLink(deps, linkToken, requestId)
  const customer = mustExist(await findCustomer(deps.db, tenantOf(caller), link.customerId), link.customerId)
  await updateCustomer(deps, caller, { customerId: customer.id, customerType: customer.customerType, profile, agreementConsents: [] })
}

export async function addHostedOwner(
  deps: CustomersDeps,
  linkToken: string,
  requestId: string,
  owner: BeneficialOwnerInput,
): Promise<BeneficialOwnerView> {
  const { link, caller } = await openHostedLink(deps, linkToken, requestId)
  return createBeneficialOwner(deps, caller, link.customerId, owner)
}

/** The holder must be the link's customer or one of its owners; a new file replaces an earlier one. */
export async function uploadHostedDocument(
  deps: CustomersDeps,
  linkToken: string,
  requestId: string,
  upload: DocumentUploadInput,
): Promise<void> {
  const { link, caller } = await openHostedLink(deps, linkToken, requestId)
  const owners = await ownersOfCustomer(deps.db, link.customerId)
  if (upload.documentHolder !== link.customerId && !owners.some((o) => o.id === upload.documentHolder)) {
    throw new ApiError('DOCUMENT_HOLDER_NOT_FOUND', `Document holder ${upload.documentHolder} not found`)
  }
  await uploadDocument(deps, caller, upload, true)
}
