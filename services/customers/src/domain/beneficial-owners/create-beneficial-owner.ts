import { invalidInput } from '@pp/errors'
import { newId } from '@pp/ids'
import { inTransaction } from '@pp/db'
import { insertBeneficialOwner } from '../../db/beneficial-owners.db.js'
import { lockCustomer } from '../../db/customers.db.js'
import { compact } from '../customers/merge-profile.js'
import { mustBeActive, mustExist } from '../customers/view.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller } from '../types.js'
import { assertValidOwner } from './owner-rules.js'
import type { BeneficialOwnerInput, BeneficialOwnerView, PersonalInfo } from './types.js'
import { toBeneficialOwnerView } from './view.js'
import { withSealedIdentifier } from '../personal-data/sealed-identifier.js'

/** Adds an owner, director or officer to a business customer; its KYC starts unverified. */
export async function createBeneficialOwner(
  deps: CustomersDeps,
  caller: Caller,
  customerId: string,
  input: BeneficialOwnerInput,
): Promise<BeneficialOwnerView> {
  const owner = assertValidOwner(input, 'create')
  const tenant = tenantOf(caller)
  return inTransaction(deps.db, async (tx) => {
    const customer = mustBeActive(mustExist(await lockCustomer(tx, tenant, customerId), customerId))
    if (customer.customerType !== 'BUSINESS') {
      throw invalidInput([{ field: 'customerId', message: 'beneficial owners belong to BUSINESS customers' }])
    }
    const now = deps.now()
    const id = newId('BeneficialOwner')
    const record = {
      id,
      ...tenant,
      customerId,
      roles: owner.roles,
      ownershipPercentage: owner.ownershipPercentage ?? 0,
      personalInfo: withSealedIdentifier(deps.personalData, id, compact(owner.personalInfo) as PersonalInfo),
      kycStatus: 'UNVERIFIED' as const,
      createdAt: now,
      updatedAt: now,
    }
    await insertBeneficialOwner(tx, record)
    return toBeneficialOwnerView(record)
  })
}
