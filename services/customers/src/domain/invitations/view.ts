import { ApiError } from '@pp/errors'
import { amountToJson, findCurrency } from '@pp/money'
import type { InvitationRecord, InvitationView } from './types.js'

/** The invitation as the API shows it (and INVITATION.CLAIMED carries it); PENDING past expiresAt shows EXPIRED. */
export function toInvitationView(record: InvitationRecord, now: Date): InvitationView {
  const expired = record.status === 'PENDING' && record.expiresAt !== undefined && record.expiresAt <= now
  const currency = record.amountToSend && findCurrency(record.amountToSend.currency)
  return {
    code: record.code,
    createdAt: record.createdAt.toISOString(),
    claimedAt: record.claimedAt?.toISOString(),
    url: record.url,
    expiresAt: record.expiresAt?.toISOString(),
    inviterUma: record.inviterUma,
    inviteeUma: record.inviteeUma,
    status: expired ? 'EXPIRED' : record.status,
    firstName: record.firstName,
    amountToSend: record.amountToSend && currency ? { amount: amountToJson(record.amountToSend.amount), currency } : undefined,
  }
}

export function mustExist(found: InvitationRecord | undefined, code: string): InvitationRecord {
  if (!found) throw new ApiError('INVITATION_NOT_FOUND', `Invitation ${code} not found`)
  return found
}
