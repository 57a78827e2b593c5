import { messageSettingsConfig, requireMessageSettings } from '@pp/outbound-messages'
import { baseConfigSchema, databaseConfig, durationMs, eventConsumerConfig, eventSigningConfig, grpcAddress, hex32Key, loadConfig, migrationRoleRequiredInProduction, previousKeys, storageLimitsConfig, z } from '@pp/config'


/** An OIDC issuer whose ID tokens are accepted, and where its signing keys are published. */
const oidcIssuer = z.object({ issuer: z.string().min(1), jwksUri: z.url() })

const DEFAULT_OIDC_ISSUERS = [
  { issuer: 'https://accounts.google.com', jwksUri: 'https://www.googleapis.com/oauth2/v3/certs' },
  { issuer: 'https://appleid.apple.com', jwksUri: 'https://appleid.apple.com/auth/keys' },
]

// Development-only key material, so `pnpm start` and test meshes run without secrets; a production
// process refuses to start with them (see the refinement below).
const DEVELOPMENT_SECRET_KEY = '6465762d6f6e6c792d77616c6c65742d7365637265742d6b65792d2d2d2d2d2d'
const DEVELOPMENT_BUNDLE_SIGNING_KEY = '7f0c4f3a5e1d2b6c8a9e0f1d2c3b4a5968778695a4b3c2d1e0f1a2b3c4d5e6f7'

const schema = baseConfigSchema
  .extend({
    ...storageLimitsConfig.shape,
    ...databaseConfig.shape,
    ...eventSigningConfig.shape,
    /** It follows customers' deletions. */
    ...eventConsumerConfig('wallet-auth').shape,
    GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50056'),
    NATS_URL: z.string().default('nats://127.0.0.1:4222'),
    LEDGER_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50053'),
    CUSTOMERS_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50052'),
    CARDS_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50057'),
    /**
     * AES-256-GCM key sealing secrets at rest (wallet secrets, delegated keys, OTP target keys), the
     * current one; the key of the OTP codes' HMAC derives from it.
     */
    WALLET_SECRET_KEY: hex32Key.default(DEVELOPMENT_SECRET_KEY),
    /** Keys WALLET_SECRET_KEY replaced (comma-separated): they open what they sealed until the next start seals it again. */
    WALLET_SECRET_PREVIOUS_KEYS: previousKeys,
    /** P-256 key that signs the OTP target and export bundles clients verify. */
    BUNDLE_SIGNING_KEY: hex32Key.default(DEVELOPMENT_BUNDLE_SIGNING_KEY),
    SESSION_TTL_MS: durationMs.min(1).default(15 * 60_000),
    OTP_CHALLENGE_TTL_MS: durationMs.min(1).default(5 * 60_000),
    /** Verification attempts one OTP challenge takes; past them it is locked and a new code is needed. */
    OTP_ATTEMPTS_MAX: z.coerce.number().int().positive().default(5),
    /** OTP codes one credential may be sent in any hour; more answer 429 RATE_LIMITED. */
    OTP_CHALLENGES_PER_HOUR: z.coerce.number().int().positive().default(10),
    PASSKEY_CHALLENGE_TTL_MS: durationMs.min(1).default(5 * 60_000),
    SIGNED_REQUEST_TTL_MS: durationMs.min(1).default(5 * 60_000),
    /** JSON array of {issuer, jwksUri}. */
    OIDC_ISSUERS: z
      .string()
      .transform((value, ctx) => {
        try {
          return JSON.parse(value) as unknown
        } catch {
          ctx.addIssue({ code: 'custom', message: 'expected JSON' })
          return z.NEVER
        }
      })
      .pipe(z.array(oidcIssuer).min(1))
      .default(DEFAULT_OIDC_ISSUERS),
    /** WebAuthn relying party id and the origins assertions may come from (comma-separated). */
    WEBAUTHN_RP_ID: z.string().min(1).default('localhost'),
    WEBAUTHN_ORIGINS: z
      .string()
      .min(1)
      .default('http://localhost:3000')
      .transform((value) => value.split(',').map((origin) => origin.trim())),
    /** Production OTP codes go out by email (SMTP_*) and SMS (SMS_*): docs/production.md. */
    ...messageSettingsConfig.shape,
  })
  .refine(
    (config) =>
      config.NODE_ENV !== 'production' ||
      (config.WALLET_SECRET_KEY !== DEVELOPMENT_SECRET_KEY && config.BUNDLE_SIGNING_KEY !== DEVELOPMENT_BUNDLE_SIGNING_KEY),
    { message: 'WALLET_SECRET_KEY and BUNDLE_SIGNING_KEY must be set in production' },
  )
  .refine(...migrationRoleRequiredInProduction)
  .superRefine(requireMessageSettings)

export type WalletAuthConfig = z.infer<typeof schema>
export type OidcIssuerConfig = z.infer<typeof oidcIssuer>

export const loadWalletAuthConfig = (env: NodeJS.ProcessEnv = process.env): WalletAuthConfig => loadConfig(schema, env)
