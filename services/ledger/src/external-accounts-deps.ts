import type { ExternalAccountsDeps, ExternalAccountsSettings } from './domain/external-accounts/deps.js'
import { productionRails, sandboxRails } from './providers/rails/external-account-rails.js'

/** The deps with the sandbox providers of the spec and the (unconnected) production ones. */
export const externalAccountsDeps = (
  base: Pick<ExternalAccountsDeps, 'db' | 'sql' | 'now' | 'idempotencyKeyTtlMs' | 'customers' | 'sealing'>,
  settings: ExternalAccountsSettings,
): ExternalAccountsDeps => ({
  ...base,
  settings,
  rails: { SANDBOX: sandboxRails(settings.achValidationWindowMs), PRODUCTION: productionRails },
})
