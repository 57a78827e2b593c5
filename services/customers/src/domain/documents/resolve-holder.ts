import { ApiError } from '@pp/errors'
import { isId } from '@pp/ids'
import { findBeneficialOwner } from '../../db/beneficial-owners.db.js'
import type { Db, Tx } from '../../db/client.js'
import { findCustomer } from '../../db/customers.db.js'
import { mustBeActive } from '../customers/view.js'
import type { Tenant } from '../types.js'

/**
 * The customer whose packet a holder's documents belong to: the holder itself, or the business
 * a beneficial owner belongs to. Another tenant's holder does not exist.
 */
export async function customerOfHolder(db: Db | Tx, tenant: Tenant, holderId: string): Promise<string> {
  const notFound = () => new ApiError('DOCUMENT_HOLDER_NOT_FOUND', `Document holder ${holderId} not found`)
  if (isId('BeneficialOwner', holderId)) {
    const owner = await findBeneficialOwner(db, tenant, holderId)
    if (!owner) throw notFound()
    return owner.customerId
  }
  const customer = isId('Customer', holderId) ? await findCustomer(db, tenant, holderId) : undefined
  if (!customer) throw notFound()
  return mustBeActive(customer).id
}
