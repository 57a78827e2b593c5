import { durationMs, requireChosen, requireSettings, z } from '@pp/config'
import type { KycDecisions } from '../../domain/deps.js'
import { signedWebhookVendor } from './signed-webhook-vendor.js'

/**
 * Who decides the production verifications sent to review: operators (the default, `pnpm admin
 * verifications`) or a hosted KYC vendor through its signed decision webhook, which the gateway
 * receives at POST /kyc-vendor/{KYC_VENDOR_NAME}/decisions (docs/production.md).
 */
export const kycDecisionsConfig = z.object({
  KYC_DECISIONS: z.enum(['operator', 'vendor']).default('operator'),
  /** The vendor's name in the webhook's path: lower-case letters, digits and dashes. */
  KYC_VENDOR_NAME: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'expected lower-case letters, digits and dashes').optional(),
  /** The secret the vendor signs its webhooks with (HMAC-SHA256), or the file holding it (a mounted Secret). */
  KYC_VENDOR_WEBHOOK_SECRET: z.string().min(16, 'expected at least 16 characters').optional(),
  KYC_VENDOR_WEBHOOK_SECRET_FILE: z.string().min(1).optional(),
  /** How far a delivery's timestamp may be from now: older ones are refused as replays. */
  KYC_VENDOR_WEBHOOK_TOLERANCE_MS: durationMs.min(1_000).default(5 * 60_000),
})

export type KycDecisionsConfig = z.infer<typeof kycDecisionsConfig>

const VENDOR_SETTINGS = ['KYC_VENDOR_NAME', 'KYC_VENDOR_WEBHOOK_SECRET', 'KYC_VENDOR_WEBHOOK_SECRET_FILE'] as const

/**
 * The vendor's settings go together: KYC_DECISIONS=vendor needs its name and one form of its
 * secret, and a vendor setting without KYC_DECISIONS=vendor is a half-done switch, refused too.
 */
export function requireKycDecisionSettings(config: KycDecisionsConfig, ctx: z.RefinementCtx): void {
  requireChosen(config, 'KYC_DECISIONS', 'vendor', VENDOR_SETTINGS, ctx)
  if (config.KYC_DECISIONS !== 'vendor') return
  requireSettings(config, ['KYC_VENDOR_NAME'], 'KYC_DECISIONS is vendor', ctx)
  if (config.KYC_VENDOR_WEBHOOK_SECRET !== undefined && config.KYC_VENDOR_WEBHOOK_SECRET_FILE !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['KYC_VENDOR_WEBHOOK_SECRET_FILE'], message: 'set KYC_VENDOR_WEBHOOK_SECRET or its _FILE, not both' })
  } else if (config.KYC_VENDOR_WEBHOOK_SECRET_FILE === undefined) {
    requireSettings(config, ['KYC_VENDOR_WEBHOOK_SECRET'], 'KYC_DECISIONS is vendor (or KYC_VENDOR_WEBHOOK_SECRET_FILE)', ctx)
  }
}

/** Who decides, from the checked settings; `readSecret` reads the secret's file. */
export function kycDecisionsOf(config: KycDecisionsConfig, readSecret: (path: string) => string): KycDecisions {
  if (config.KYC_DECISIONS === 'operator') return { by: 'operator' }
  const secret = config.KYC_VENDOR_WEBHOOK_SECRET ?? readSecret(config.KYC_VENDOR_WEBHOOK_SECRET_FILE!).trim()
  if (secret.length < 16) throw new Error('KYC_VENDOR_WEBHOOK_SECRET_FILE: expected at least 16 characters')
  return { by: 'vendor', vendor: signedWebhookVendor({ name: config.KYC_VENDOR_NAME!, secret, toleranceMs: config.KYC_VENDOR_WEBHOOK_TOLERANCE_MS }) }
}
