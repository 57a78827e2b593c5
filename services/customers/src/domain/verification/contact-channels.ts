export const CONTACT_CHANNELS = ['EMAIL', 'PHONE'] as const
export type ContactChannel = (typeof CONTACT_CHANNELS)[number]

/**
 * The European Union member states. Customers whose region is one of them are served by a
 * provider that requires both email and phone to be verified before KYC starts.
 */
const EU_REGIONS = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU',
  'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
])

export const contactChannelsForRegion = (region: string | undefined): ContactChannel[] =>
  region !== undefined && EU_REGIONS.has(region) ? [...CONTACT_CHANNELS] : []
