import type { CatalogProvider } from '../provider.js'
import { SANDBOX_DISCOVERIES } from './discoveries.js'
import { sandboxNetworkFee } from './network-fees.js'
import { sandboxPayerData } from './payer-data.js'
import { sandboxUmaReceiver } from './uma-directory.js'
import { SANDBOX_UMA_PROVIDERS } from './uma-providers.js'
import { SANDBOX_VASPS } from './vasps.js'

/** The sandbox catalogue: fixed tables and the documented UMA address rules. */
export const sandboxCatalog: CatalogProvider = {
  discoveries: async () => [...SANDBOX_DISCOVERIES],
  umaProviders: async () => [...SANDBOX_UMA_PROVIDERS],
  vasps: async () => [...SANDBOX_VASPS],
  networkFee: async (network, asset) => sandboxNetworkFee(network, asset),
  resolveUmaReceiver: async (address) => sandboxUmaReceiver(address, SANDBOX_UMA_PROVIDERS),
  payerDataFor: sandboxPayerData,
}
