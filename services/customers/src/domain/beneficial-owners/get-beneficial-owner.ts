import { ApiError } from '@pp/errors'
import { findBeneficialOwner } from '../../db/beneficial-owners.db.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller } from '../types.js'
import type { BeneficialOwnerView } from './types.js'
import { toBeneficialOwnerView } from './view.js'

export async function getBeneficialOwner(deps: CustomersDeps, caller: Caller, ownerId: string): Promise<BeneficialOwnerView> {
  const owner = await findBeneficialOwner(deps.db, tenantOf(caller), ownerId)
  if (!owner) throw new ApiError('NOT_FOUND', `Beneficial owner ${ownerId} not found`)
  return toBeneficialOwnerView(owner)
}
