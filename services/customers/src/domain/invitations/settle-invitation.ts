import { inTransaction } from '@pp/db'
import { ApiError, invalidInput } from '@pp/errors'
import { findInvitation, settleInvitation } from '../../db/invitations.db.js'
import { recordEvent } from '../../events/outbox.js'
import { INVITATION_CLAIMED } from '../../events/types.js'
import { assertUmaAddress } from '../customers/uma-address.js'
import type { CustomersDeps } from '../deps.js'
import { tenantOf, type Caller, type Tenant } from '../types.js'
import type { InvitationView } from './types.js'
import { mustExist, toInvitationView } from './view.js'

export async function getInvitation(deps: CustomersDeps, caller: Caller, code: string): Promise<InvitationView> {
  return toInvitationView(mustExist(await findInvitation(deps.db, tenantOf(caller), code), code), deps.now())
}

/**
 * Claims a PENDING invitation for `inviteeUma`; the INVITATION.CLAIMED event commits with the
 * claim. Of concurrent claims exactly one wins; the others get INVITATION_ALREADY_CLAIMED.
 */
export async function claimInvitation(deps: CustomersDeps, caller: Caller, input: { code: string; inviteeUma: string }): Promise<InvitationView> {
  const inviteeUma = assertUmaAddress(input.inviteeUma, 'inviteeUma')
  const tenant = tenantOf(caller)
  const now = deps.now()
  const claimed = await inTransaction(deps.db, async (tx) => {
    const record = await settleInvitation(tx, tenant, input.code, { status: 'CLAIMED', inviteeUma }, now)
    if (!record) return undefined
    if (record.inviterUma === inviteeUma) throw new ApiError('INVALID_UMA_ADDRESS', 'An inviter cannot claim its own invitation', { field: 'inviteeUma' })
    const view = toInvitationView(record, now)
    await recordEvent(tx, caller, INVITATION_CLAIMED, view)
    return view
  })
  return claimed ?? refuseSettlement(deps, tenant, input.code, now)
}

/** Cancels a PENDING invitation; a claimed, cancelled or expired one stays as it is. */
export async function cancelInvitation(deps: CustomersDeps, caller: Caller, code: string): Promise<InvitationView> {
  const tenant = tenantOf(caller)
  const now = deps.now()
  const cancelled = await inTransaction(deps.db, (tx) => settleInvitation(tx, tenant, code, { status: 'CANCELLED' }, now))
  return cancelled ? toInvitationView(cancelled, now) : refuseSettlement(deps, tenant, code, now)
}

/** Why an invitation that was not PENDING could not be claimed or cancelled. */
async function refuseSettlement(deps: CustomersDeps, tenant: Tenant, code: string, now: Date): Promise<never> {
  const current = toInvitationView(mustExist(await findInvitation(deps.db, tenant, code), code), now)
  if (current.status === 'CLAIMED') throw new ApiError('INVITATION_ALREADY_CLAIMED', `Invitation ${code} was already claimed`)
  if (current.status === 'CANCELLED') throw new ApiError('INVITATION_CANCELLED', `Invitation ${code} was cancelled`)
  throw invalidInput([{ field: 'invitationCode', message: `the invitation expired at ${current.expiresAt}` }], 'The invitation expired')
}
