import { messageSettingsConfig, requireMessageSettings } from '@pp/outbound-messages'
import { kycDecisionsConfig, requireKycDecisionSettings } from './providers/kyc-vendor/settings.js'
import { baseConfigSchema, databaseConfig, durationMs, eventConsumerConfig, eventSigningConfig, grpcAddress, hex32Key, idempotencyKeyTtlMs, loadConfig, migrationRoleRequiredInProduction, previousKeys, storageLimitsConfig, z } from '@pp/config'


// Development-only key, so `pnpm start` and test meshes run without secrets; a production process
// refuses to start with it (see the refinement below).
const DEVELOPMENT_SCA_SECRET_KEY = '6465762d6f6e6c792d7363612d7365637265742d6b65792d2d2d2d2d2d2d2d2d'
const DEVELOPMENT_PERSONAL_DATA_KEY = '6465762d6f6e6c792d706572736f6e616c2d646174612d6b65792d2d2d2d2d2d'

const schema = baseConfigSchema.extend({
  ...storageLimitsConfig.shape,
  ...databaseConfig.shape,
  ...eventSigningConfig.shape,
  /** It follows the platform's configuration (its umaDomain). */
  ...eventConsumerConfig('customers').shape,
  GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50052'),
  /** Where the operators' methods are served (the review queue), to the admin identity alone (the public address does not serve them). */
  OPERATOR_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:51052'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** How long a key's first answer is replayed; after it the same key is a new request. */
  IDEMPOTENCY_KEY_TTL_MS: idempotencyKeyTtlMs,
  PLATFORM_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50051'),
  /** The embedded wallets' OTP credentials follow a customer's email and phone number. */
  WALLET_AUTH_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50056'),
  /** How long a hosted verification link can be used. */
  KYC_LINK_TTL_MS: durationMs.default(24 * 60 * 60 * 1000),
  /** How long a contact verification code can be confirmed. */
  CONTACT_CODE_TTL_MS: durationMs.default(10 * 60 * 1000),
  /** Wrong codes a customer's email (or phone) allows in an hour, across resends. */
  CONTACT_CODE_ATTEMPTS_MAX: z.coerce.number().int().positive().default(5),
  /** Codes sent to a customer's email (or phone) in an hour, and the least time between two. */
  CONTACT_CODES_PER_HOUR: z.coerce.number().int().positive().default(5),
  CONTACT_CODE_RESEND_INTERVAL_MS: durationMs.default(30_000),
  /** Rows of an import handled per transaction, and a worker's lease on a job. */
  IMPORT_BATCH_ROWS: z.coerce.number().int().positive().default(50),
  IMPORT_LEASE_MS: durationMs.default(60_000),
  /** AES-256-GCM key sealing TOTP seeds at rest; the key of the short codes' HMAC derives from it. */
  SCA_SECRET_KEY: hex32Key.default(DEVELOPMENT_SCA_SECRET_KEY),
  /** AES-256-GCM key sealing national identification numbers at rest: the current one, which seals. */
  PERSONAL_DATA_KEY: hex32Key.default(DEVELOPMENT_PERSONAL_DATA_KEY),
  /** Keys PERSONAL_DATA_KEY replaced (comma-separated): the next start re-seals what they sealed. */
  PERSONAL_DATA_PREVIOUS_KEYS: previousKeys,
  /** scrypt cost (log2 N) of new SCA recovery codes. */
  SCA_RECOVERY_CODE_SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(14),
  /** How long a completed SCA login lets the customer move money. */
  SCA_SESSION_TTL_MS: durationMs.min(1).default(15 * 60_000),
  /** How long an SMS code or passkey challenge can be answered. */
  SCA_CHALLENGE_TTL_MS: durationMs.min(1).default(5 * 60_000),
  /** The least time between two SMS codes of one challenge. */
  SCA_RESEND_INTERVAL_MS: durationMs.default(30_000),
  /** How long a started 2FA reset can be completed. */
  SCA_RESET_TTL_MS: durationMs.min(1).default(60 * 60_000),
  /** WebAuthn relying party id and the origins passkey ceremonies may run on (comma-separated), as wallet-auth's. */
  WEBAUTHN_RP_ID: z.string().min(1).default('localhost'),
  WEBAUTHN_ORIGINS: z
    .string()
    .min(1)
    .default('http://localhost:3000')
    .transform((value) => value.split(',').map((origin) => origin.trim())),
  /** Production contact and SCA codes go out by email (SMTP_*) and SMS (SMS_*): docs/production.md. */
  ...messageSettingsConfig.shape,
  ...kycDecisionsConfig.shape,
}).refine((config) => config.NODE_ENV !== 'production' || (config.SCA_SECRET_KEY !== DEVELOPMENT_SCA_SECRET_KEY && config.PERSONAL_DATA_KEY !== DEVELOPMENT_PERSONAL_DATA_KEY), {
  message: 'SCA_SECRET_KEY and PERSONAL_DATA_KEY must be set in production',
})
  .refine(...migrationRoleRequiredInProduction)
  .superRefine(requireMessageSettings)
  .superRefine(requireKycDecisionSettings)

export type CustomersConfig = z.infer<typeof schema>

export const loadCustomersConfig = (env: NodeJS.ProcessEnv = process.env): CustomersConfig => loadConfig(schema, env)
