import type { CatalogProvider } from '../../domain/catalog/provider.js'
import { SANDBOX_DISCOVERIES } from './sandbox/discoveries.js'
import { sandboxNetworkFee } from './sandbox/network-fees.js'
import { sandboxPayerData } from './sandbox/payer-data.js'
import { sandboxUmaReceiver } from './sandbox/uma-directory.js'
import { SANDBOX_UMA_PROVIDERS } from './sandbox/uma-providers.js'
import { SANDBOX_VASPS } from './sandbox/vasps.js'

/** The sandbox catalogue: fixed tables and the documented UMA address rules. */
export const sandboxCatalog: CatalogProvider = {
  discoveries: async () => [...SANDBOX_DISCOVERIES],
  umaProviders: async () => [...SANDBOX_UMA_PROVIDERS],
  vasps: async () => [...SANDBOX_VASPS],
  networkFee: async (network, asset) => sandboxNetworkFee(network, asset),
  resolveUmaReceiver: async (address) => sandboxUmaReceiver(address, SANDBOX_UMA_PROVIDERS),
  payerDataFor: sandboxPayerData,
}
