import { ApiError } from '@pp/errors'
import { inTransaction } from '@pp/db'
import { lockBeneficialOwner, saveBeneficialOwner } from '../../db/beneficial-owners.db.js'
import { compact } from '../customers/merge-profile.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller } from '../types.js'
import { assertValidOwner } from './owner-rules.js'
import type { BeneficialOwnerInput, BeneficialOwnerView } from './types.js'
import { toBeneficialOwnerView } from './view.js'
import { withSealedIdentifier } from '../personal-data/sealed-identifier.js'

/** Changes what is sent: roles as a whole, personal details field by field, the address as a whole. */
export async function updateBeneficialOwner(
  deps: CustomersDeps,
  caller: Caller,
  ownerId: string,
  input: BeneficialOwnerInput,
): Promise<BeneficialOwnerView> {
  const changes = assertValidOwner(input, 'update')
  return inTransaction(deps.db, async (tx) => {
    const current = await lockBeneficialOwner(tx, tenantOf(caller), ownerId)
    if (!current) throw new ApiError('NOT_FOUND', `Beneficial owner ${ownerId} not found`)
    const updated = {
      ...current,
      roles: changes.roles.length > 0 ? changes.roles : current.roles,
      ownershipPercentage: changes.ownershipPercentage ?? current.ownershipPercentage,
      personalInfo: { ...current.personalInfo, ...withSealedIdentifier(deps.personalData, current.id, compact(changes.personalInfo)) },
      updatedAt: deps.now(),
    }
    await saveBeneficialOwner(tx, updated)
    return toBeneficialOwnerView(updated)
  })
}
