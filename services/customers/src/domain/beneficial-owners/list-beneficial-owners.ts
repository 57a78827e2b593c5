import { countBeneficialOwners, findBeneficialOwnerPage } from '../../db/beneficial-owners.db.js'
import { findCustomer } from '../../db/customers.db.js'
import { decodeCursor, keysetPage, pageLimit, type Page } from '@pp/paging'
import { mustExist } from '../customers/view.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller } from '../types.js'
import type { BeneficialOwnerView } from './types.js'
import { toBeneficialOwnerView } from './view.js'

/** A customer's owners, newest first, one keyset page at a time. */
export async function listBeneficialOwners(
  deps: CustomersDeps,
  caller: Caller,
  input: { customerId: string; limit: number; cursor?: string },
): Promise<Page<BeneficialOwnerView>> {
  const limit = pageLimit(input.limit)
  const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor)
  const customer = mustExist(await findCustomer(deps.db, tenantOf(caller), input.customerId), input.customerId)
  const [records, totalCount] = await Promise.all([
    findBeneficialOwnerPage(deps.db, customer.id, after, limit + 1),
    countBeneficialOwners(deps.db, customer.id),
  ])
  return keysetPage(records, limit, totalCount, toBeneficialOwnerView)
}
