import { ApiError } from '@pp/errors'
import { findVerification } from '../../db/verifications.db.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller } from '../types.js'
import type { VerificationView } from './types.js'
import { toVerificationView } from './view.js'

export async function getVerification(deps: CustomersDeps, caller: Caller, verificationId: string): Promise<VerificationView> {
  const verification = await findVerification(deps.db, tenantOf(caller), verificationId)
  if (!verification) throw new ApiError('VERIFICATION_NOT_FOUND', `Verification ${verificationId} not found`)
  return toVerificationView(verification)
}
