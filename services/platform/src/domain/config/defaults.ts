import type { CurrencyConfig } from '../types.js'

/**
 * The currencies a new platform supports in both environments, with send limits in each
 * currency's smallest unit (about 1 to 1,000,000 US dollars' worth; BTC in satoshis, USDB at 6 decimals).
 */
const DEFAULT_LIMITS: [code: string, minAmount: bigint, maxAmount: bigint][] = [
  ['USD', 100n, 100_000_000n],
  ['EUR', 100n, 100_000_000n],
  ['MXN', 2_000n, 2_000_000_000n],
  ['BTC', 1_000n, 1_000_000_000n],
  ['USDB', 1_000_000n, 1_000_000_000_000n],
]

export function defaultCurrencies(): CurrencyConfig[] {
  return DEFAULT_LIMITS.map(([currencyCode, minAmount, maxAmount]) => ({
    currencyCode,
    minAmount,
    maxAmount,
    requiredCounterpartyFields: [{ name: 'FULL_NAME', mandatory: true }],
    enabledTransactionTypes: ['INCOMING', 'OUTGOING'],
  }))
}

/** The subdomain incoming UMA requests are proxied to: the platform name as a DNS label. */
export function proxyUmaSubdomain(platformName: string): string {
  const label = platformName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 63)
  return label === '' ? 'platform' : label
}
