import type { Db } from '../db/client.js'
import type { AgreementCatalogue } from './consents/agreements.js'
import type { PlatformConfigSource } from './platform-settings.js'
import type { VerificationProviders } from './verification/provider.js'

/** What the use cases need; main.ts wires the real ones, tests may swap the platform source. */
export interface CustomersDeps {
  db: Db
  platformConfig: PlatformConfigSource
  verification: VerificationProviders
  agreements: AgreementCatalogue
  now: () => Date
}
