/**
 * The European Union member states. Customers whose region is one of them are served by a
 * provider that requires verified contacts (email and phone before KYC) and strong customer
 * authentication of their money movements: the one rule both areas use.
 */
const EU_REGIONS = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU',
  'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
])

export const isScaRegion = (region: string | undefined): boolean => region !== undefined && EU_REGIONS.has(region)
