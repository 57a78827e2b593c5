import type { UmaProvider } from '../../../domain/catalog/types.js'

/**
 * The UMA providers of the sandbox network. Their domains are reserved example names, so no
 * sandbox payment can reach a real counterparty; one provider is off the allow list so that
 * `hasBlockedProviders=false` has something to leave out.
 */
export const SANDBOX_UMA_PROVIDERS: readonly UmaProvider[] = [
  {
    name: 'Sandbox Bank Brasil',
    supportedRegions: ['BR'],
    domain: 'uma.sandbox-br.example',
    logoUrl: 'https://uma.sandbox-br.example/logo.png',
    supportedCurrencies: ['BRL', 'USD'],
    lei: '5493000SANDBOXBR0001',
    allowListStatus: true,
  },
  {
    name: 'Sandbox Europe Payments',
    supportedRegions: ['DE', 'ES', 'FR'],
    domain: 'uma.sandbox-eu.example',
    logoUrl: 'https://uma.sandbox-eu.example/logo.png',
    supportedCurrencies: ['EUR'],
    lei: '5493000SANDBOXEU0002',
    allowListStatus: true,
  },
  {
    name: 'Sandbox Lightning Wallet',
    supportedRegions: ['US', 'GB', 'MX'],
    domain: 'uma.sandbox-btc.example',
    supportedCurrencies: ['BTC', 'USD'],
    allowListStatus: false,
  },
  {
    name: 'Sandbox Mexico Remesas',
    supportedRegions: ['MX'],
    domain: 'uma.sandbox-mx.example',
    logoUrl: 'https://uma.sandbox-mx.example/logo.png',
    supportedCurrencies: ['MXN', 'USD'],
    lei: '5493000SANDBOXMX0003',
    allowListStatus: true,
  },
  {
    name: 'Sandbox Philippines Pay',
    supportedRegions: ['PH'],
    domain: 'uma.sandbox-ph.example',
    supportedCurrencies: ['PHP'],
    lei: '5493000SANDBOXPH0004',
    allowListStatus: true,
  },
  {
    name: 'Sandbox US Money',
    supportedRegions: ['US'],
    domain: 'uma.sandbox-us.example',
    logoUrl: 'https://uma.sandbox-us.example/logo.png',
    supportedCurrencies: ['USD', 'USDC'],
    lei: '5493000SANDBOXUS0005',
    allowListStatus: true,
  },
]
