import { ApiError, invalidInput } from '@pp/errors'
import type { CustomerRecord } from '../../db/customers.db.js'
import { CONTACT_CHANNELS, contactChannelsForRegion, type ContactChannel } from '../verification/contact-channels.js'
import { currentContact } from './status.js'

export function assertChannel(value: string): ContactChannel {
  if ((CONTACT_CHANNELS as readonly string[]).includes(value)) return value as ContactChannel
  throw invalidInput([{ field: 'channel', message: 'EMAIL or PHONE', constraint: { enum: [...CONTACT_CHANNELS] } }])
}

/**
 * The address or number to verify. Only customers whose provider requires the channel take part
 * (409 otherwise, as the reference answers), and there must be something on file to verify.
 */
export function contactToVerify(customer: CustomerRecord, channel: ContactChannel): string {
  if (!contactChannelsForRegion(customer.profile.region).includes(channel)) {
    throw new ApiError('CONFLICT', `The customer's verification provider does not require ${channel.toLowerCase()} verification`)
  }
  const contact = currentContact(customer.profile, channel)
  if (!contact) {
    const field = channel === 'EMAIL' ? 'email' : 'phoneNumber'
    throw invalidInput([{ field, message: `the customer has no ${field} to verify` }])
  }
  return contact
}
