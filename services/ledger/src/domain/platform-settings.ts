import type { Origin } from './types.js'

/** What the ledger needs from a platform's configuration to provision accounts. */
export interface PlatformSettings {
  /** A regulated platform relies on its own end-user agreements: no End User Terms consent needed. */
  isRegulatedFinancialInstitution: boolean
  /** The codes of the currencies the platform supports in this environment. */
  supportedCurrencies: string[]
}

/** The port to the platform service, which owns the configuration. */
export interface PlatformConfigSource {
  /** The request that caused the provisioning, if known, travels with the call. */
  getSettings(origin: Origin): Promise<PlatformSettings>
}
