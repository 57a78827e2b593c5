import type { CustomerRecord } from '../../db/customers.db.js'
import { contactChannelsForRegion, type ContactChannel } from '../verification/contact-channels.js'
import type { CustomerProfile } from '../types.js'

export type ContactStatus = 'PENDING' | 'VERIFIED'

/** The reference's ContactVerification: only the channels the provider requires appear. */
export interface ContactVerificationView {
  email?: ContactStatus
  phone?: ContactStatus
}

/** What is on file for one channel: the address or number last confirmed by code. */
export interface ContactProof {
  channel: ContactChannel
  verifiedContact: string | null
}

export const VIEW_KEY = { EMAIL: 'email', PHONE: 'phone' } as const satisfies Record<ContactChannel, keyof ContactVerificationView>

export const currentContact = (profile: CustomerProfile, channel: ContactChannel): string | undefined =>
  channel === 'EMAIL' ? profile.email : profile.phoneNumber

/**
 * A channel is VERIFIED while the customer's current address or number is the one confirmed, so
 * changing the email or phone number makes it PENDING again without any extra bookkeeping.
 * Both providers choose the required channels by region alone.
 */
export function contactVerificationOf(record: CustomerRecord, proofs: ContactProof[]): ContactVerificationView | undefined {
  const channels = contactChannelsForRegion(record.profile.region)
  if (channels.length === 0) return undefined
  return Object.fromEntries(channels.map((channel) => [VIEW_KEY[channel], channelStatus(record, proofs, channel)]))
}

function channelStatus(record: CustomerRecord, proofs: ContactProof[], channel: ContactChannel): ContactStatus {
  const current = currentContact(record.profile, channel)
  const proof = proofs.find((p) => p.channel === channel)
  return current !== undefined && proof?.verifiedContact === current ? 'VERIFIED' : 'PENDING'
}
