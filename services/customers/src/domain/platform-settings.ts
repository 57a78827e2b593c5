import type { Caller } from './types.js'

/** What customers needs from the caller's platform configuration. */
export interface PlatformSettings {
  /** A regulated platform relies on its own end-user agreements and sends no consent fields. */
  isRegulatedFinancialInstitution: boolean
  /** Sandbox dashboard option: new individuals skip the verification paperwork. */
  skipVerificationPaperwork: boolean
  /** The platform's UMA domain, when configured: system UMA addresses use it, invitations need it. */
  umaDomain?: string
}

/** The port to the platform service, which owns the configuration. */
export interface PlatformConfigSource {
  getConfig(caller: Caller): Promise<PlatformSettings>
}
