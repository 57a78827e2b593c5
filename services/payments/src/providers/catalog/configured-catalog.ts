import type { CatalogProvider } from '../../domain/catalog/provider.js'
import { mergePayerFields } from '../../domain/catalog/payer-fields.js'
import type { CatalogFile } from './catalog-file.js'
import { productionCatalog } from './production-catalog.js'

/**
 * Production's catalogue from CATALOG_FILE: the receiving institutions of each declared corridor
 * (GET /discoveries) and what they want of the payer, and the UMA providers and VASPs the file
 * lists; a directory the file leaves out, network fees and UMA look-ups still need connected
 * providers (productionCatalog's answers).
 */
export function configuredCatalog(file: CatalogFile): CatalogProvider {
  const discoveries = file.corridors.flatMap((corridor) => corridor.institutions.map((institution) => ({ ...institution, country: corridor.country, currency: corridor.currency })))
  return {
    ...productionCatalog,
    discoveries: async () => discoveries,
    ...(file.umaProviders && { umaProviders: async () => file.umaProviders! }),
    ...(file.vasps && { vasps: async () => file.vasps! }),
    /** The fields any corridor reached by one of `paymentRails` wants, each once, mandatory if any wants it so. */
    payerDataFor: (paymentRails) => mergePayerFields(file.corridors.filter((c) => c.paymentRails.some((rail) => paymentRails.includes(rail))).flatMap((c) => c.payerData)),
  }
}
