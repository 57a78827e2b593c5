import { notConfigured } from '@pp/errors'
import type { CatalogProvider } from '../../domain/catalog/provider.js'

const notConnected = (what: string) => () => Promise.reject(notConfigured(`A production ${what} provider`))

/** No directory, chain or UMA provider is connected in production yet: each answer says so. */
export const productionCatalog: CatalogProvider = {
  discoveries: notConnected('institution directory'),
  umaProviders: notConnected('UMA provider directory'),
  vasps: notConnected('VASP directory'),
  networkFee: notConnected('network fee'),
  resolveUmaReceiver: notConnected('UMA counterparty'),
  payerDataFor: () => {
    throw notConfigured('A production receiving-institution requirements provider')
  },
}
