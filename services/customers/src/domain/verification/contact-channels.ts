import { isScaRegion } from '../sca-region.js'

export const CONTACT_CHANNELS = ['EMAIL', 'PHONE'] as const
export type ContactChannel = (typeof CONTACT_CHANNELS)[number]

/** Customers of an SCA region must verify both email and phone before KYC starts. */
export const contactChannelsForRegion = (region: string | undefined): ContactChannel[] =>
  isScaRegion(region) ? [...CONTACT_CHANNELS] : []
