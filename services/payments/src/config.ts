import { achConfig, requireAchSettings } from './domain/rails/ach/settings.js'
import { requireSepaSettings, sepaConfig } from './domain/rails/sepa/settings.js'
import { ratesConfig, requireRatesSettings } from './domain/rates/settings.js'
import { catalogFileSetting, requireConnectedRails } from './providers/catalog/catalog-file.js'
import { baseConfigSchema, databaseConfig, durationMs, eventConsumerConfig, eventSigningConfig, grpcAddress, idempotencyKeyTtlMs, jobRetentionMs, loadConfig, migrationRoleRequiredInProduction, storageLimitsConfig, z } from '@pp/config'

const schema = baseConfigSchema.extend({
  ...storageLimitsConfig.shape,
  ...databaseConfig.shape,
  ...eventSigningConfig.shape,
  GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50054'),
  /** Where the operators' methods are served, to the admin identity alone (the public address does not serve them). */
  OPERATOR_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:51054'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** How long a key's first answer is replayed; after it the same key is a new request. */
  IDEMPOTENCY_KEY_TTL_MS: idempotencyKeyTtlMs,
  JOB_RETENTION_MS: jobRetentionMs,
  PLATFORM_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50051'),
  CUSTOMERS_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50052'),
  LEDGER_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50053'),
  WALLET_AUTH_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50056'),
  /** How long a replica reuses a platform's fee configuration before asking the platform service again. */
  PLATFORM_FACTS_CACHE_MS: durationMs.min(0).default(5_000),
  /** How long a quote's price holds before execute answers QUOTE_EXPIRED. */
  QUOTE_TTL_MS: durationMs.min(1).default(300_000),
  /** The service's own fee on every quote, in basis points of the converted principal. */
  QUOTE_SERVICE_FEE_BPS: z.coerce.number().int().min(0).max(10_000).default(0),
  /**
   * Single-transaction maximums in the sending currency's smallest unit, per corridor or per
   * sending currency: `USD:EUR=500000000,BTC=10000000000`. Corridors not listed use the default table.
   */
  TRANSACTION_SIZE_LIMITS: z.string().default(''),
  /** Sandbox suffix 005 same-currency transfers: pending this long, then failed. */
  SANDBOX_PENDING_FAILURE_DELAY: durationMs.default(30_000),
  /** Sandbox suffix 003 cross-currency payouts: settle after this long. */
  SANDBOX_SLOW_SETTLEMENT_DELAY: durationMs.default(360_000),
  /** Sandbox suffix 005 cross-currency payouts: returned by the receiving bank this long after completing. */
  SANDBOX_RETURN_DELAY: durationMs.default(30_000),
  /** A transaction whose owed ledger step is older than this is re-driven by the recovery run. */
  RECOVERY_AFTER_MS: durationMs.min(1).default(10_000),
  ...eventConsumerConfig('payments').shape,
  /** The ledger's incoming payments, recorded as INCOMING transactions. */
  LEDGER_FUNDS_CREDITED_SUBJECT: z.string().min(1).default('events.ledger.FUNDS_CREDITED'),
  /** The cards service's reports of its card transactions, listed with the others. */
  CARD_TRANSACTION_RECORDED_SUBJECT: z.string().min(1).default('events.cards.CARD_TRANSACTION_RECORDED'),
  /** The ledger's production US accounts awaiting validation: the ACH rail sends their prenotes. */
  LEDGER_ACH_VALIDATION_REQUESTED_SUBJECT: z.string().min(1).default('events.ledger.ACH_VALIDATION_REQUESTED'),
  ...achConfig.shape,
  ...sepaConfig.shape,
  ...ratesConfig.shape,
  /**
   * The production catalogue (docs/production.md, "Corridors"): a YAML or JSON file, `version: 1`,
   * read and validated at start. Set, GET /discoveries lists its institutions and production quotes
   * outside its corridors are refused; unset, discoveries answer NOT_IMPLEMENTED and the rails alone decide.
   */
  CATALOG_FILE: catalogFileSetting,
})
  .refine(...migrationRoleRequiredInProduction)
  .superRefine(requireAchSettings)
  .superRefine(requireSepaSettings)
  .superRefine(requireRatesSettings)
  .superRefine(requireConnectedRails)

export type PaymentsConfig = z.infer<typeof schema>

export const loadPaymentsConfig = (env: NodeJS.ProcessEnv = process.env): PaymentsConfig => loadConfig(schema, env)
