import type { UmaAddress } from './uma-address.js'
import type { Discovery, NetworkFee, PayerDataField, UmaProvider, UmaReceiver, Vasp } from './types.js'

/**
 * Where the catalogue's facts come from: the directories of institutions, UMA providers and
 * VASPs, the chains' fees and the UMA counterparties. Sandbox answers from fixed tables and the
 * documented address rules (docs/sandbox.md); production needs connected providers.
 */
export interface CatalogProvider {
  discoveries(): Promise<Discovery[]>
  umaProviders(): Promise<UmaProvider[]>
  vasps(): Promise<Vasp[]>
  /** undefined when `network` does not carry `asset`. */
  networkFee(network: string, asset: string): Promise<NetworkFee | undefined>
  /** Asks the address's counterparty for its receiver; throws the counterparty's failure. */
  resolveUmaReceiver(address: UmaAddress): Promise<UmaReceiver>
  /** What a bank or wallet paid through these rails wants to know of the payer. */
  payerDataFor(paymentRails: string[]): PayerDataField[]
}
