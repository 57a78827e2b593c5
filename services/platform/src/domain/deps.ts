import type { ResolveHost } from '@pp/egress'
import type { PlatformDb } from '../db/client.js'
import type { SecretHasher } from './secrets.js'
import type { ProvenSecrets } from './tokens/proven-secrets.js'
import type { VerificationBudget } from './tokens/verification-budget.js'

/** What every use case needs; tests pass their own clock and resolver. */
export interface PlatformDeps {
  db: PlatformDb
  secrets: SecretHasher
  /** Bounds the secret verifications each API token can cause. */
  verifications: VerificationBudget
  /** The secrets recently proven right, accepted again without scrypt. */
  provenSecrets: ProvenSecrets
  now: () => Date
  /** Resolves a webhook endpoint's host, to check the addresses it reaches. */
  resolveHost: ResolveHost
  /** Local development only: a sandbox webhookEndpoint may be on loopback (WEBHOOK_LOOPBACK_ALLOWED). */
  webhookLoopbackAllowed: boolean
}
