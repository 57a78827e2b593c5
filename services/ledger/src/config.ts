import {
  baseConfigSchema, databaseConfig, durationMs, eventConsumerConfig, eventSigningConfig, grpcAddress, hex32Key, idempotencyKeyTtlMs, loadConfig,
  migrationRoleRequiredInProduction, previousKeys, storageLimitsConfig, z,
} from '@pp/config'

import type { CollectionAccounts } from './domain/internal-accounts/collection-accounts.js'

const optionalText = z.string().min(1).max(140).optional()

// Development-only key, so `pnpm start` and test meshes run without secrets; a production process
// refuses to start with it (see the refinement below).
const DEVELOPMENT_BANK_ACCOUNT_DATA_KEY = '6465762d6f6e6c792d62616e6b2d6163636f756e742d646174612d6b65792d2d'

const schema = baseConfigSchema.extend({
  ...storageLimitsConfig.shape,
  ...databaseConfig.shape,
  ...eventSigningConfig.shape,
  GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50053'),
  /** Where the operators' methods are served, to the admin identity alone (the public address does not serve them). */
  OPERATOR_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:51053'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** How long a key's first answer is replayed; after it the same key is a new request. */
  IDEMPOTENCY_KEY_TTL_MS: idempotencyKeyTtlMs,
  PLATFORM_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50051'),
  CUSTOMERS_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50052'),
  /** How long a new US bank account stays in ACH validation before it can be used. */
  ACH_VALIDATION_WINDOW_MS: durationMs.default(3_000),
  ...eventConsumerConfig('ledger').shape,
  CUSTOMER_EVENTS_SUBJECT: z.string().min(1).default('events.customers.>'),
  PLATFORM_EVENTS_SUBJECT: z.string().min(1).default('events.platform.>'),
  /**
   * AES-256-GCM key sealing external bank account numbers (account number, IBAN, CLABE) at rest:
   * the current one, which seals; the key of the accounts' identity HMAC derives from it.
   */
  BANK_ACCOUNT_DATA_KEY: hex32Key.default(DEVELOPMENT_BANK_ACCOUNT_DATA_KEY),
  /** Keys BANK_ACCOUNT_DATA_KEY replaced (comma-separated): the next start re-seals what they sealed. */
  BANK_ACCOUNT_DATA_PREVIOUS_KEYS: previousKeys,
  /** The deployment's USD collection account: production USD accounts get a virtual account number under it. */
  COLLECTION_ACH_ROUTING_NUMBER: z.string().regex(/^[0-9]{9}$/, 'must be a 9-digit ABA routing number').optional(),
  COLLECTION_ACH_BANK_NAME: optionalText,
  /** The digits the bank reserved for this deployment's virtual account numbers (ten more follow). */
  COLLECTION_ACH_ACCOUNT_PREFIX: z.string().regex(/^[0-9]{1,7}$/, 'must be 1 to 7 digits').optional(),
  /** The deployment's EUR collection account: production EUR accounts get a creditor reference on it. */
  COLLECTION_SEPA_IBAN: z.string().regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/, 'must be an IBAN without spaces').optional(),
  COLLECTION_SEPA_BIC: z.string().regex(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'must be a BIC').optional(),
})
  .refine((config) => config.NODE_ENV !== 'production' || config.BANK_ACCOUNT_DATA_KEY !== DEVELOPMENT_BANK_ACCOUNT_DATA_KEY, {
    message: 'BANK_ACCOUNT_DATA_KEY must be set in production',
  })
  .refine(...migrationRoleRequiredInProduction)
  .refine((config) => allOrNone(config.COLLECTION_ACH_ROUTING_NUMBER, config.COLLECTION_ACH_BANK_NAME, config.COLLECTION_ACH_ACCOUNT_PREFIX), {
    message: 'COLLECTION_ACH_ROUTING_NUMBER, COLLECTION_ACH_BANK_NAME and COLLECTION_ACH_ACCOUNT_PREFIX go together',
  })
  .refine((config) => allOrNone(config.COLLECTION_SEPA_IBAN, config.COLLECTION_SEPA_BIC), {
    message: 'COLLECTION_SEPA_IBAN and COLLECTION_SEPA_BIC go together',
  })

function allOrNone(...values: Array<string | undefined>): boolean {
  const given = values.filter((value) => value !== undefined).length
  return given === 0 || given === values.length
}

export type LedgerConfig = z.infer<typeof schema>

export const loadLedgerConfig = (env: NodeJS.ProcessEnv = process.env): LedgerConfig => loadConfig(schema, env)

/** The collection accounts the settings configure: a rail's are there only when all of its settings are. */
export function collectionAccountsOf(config: LedgerConfig): CollectionAccounts {
  const { COLLECTION_ACH_ROUTING_NUMBER: routingNumber, COLLECTION_ACH_BANK_NAME: achBank, COLLECTION_ACH_ACCOUNT_PREFIX: accountNumberPrefix } = config
  const { COLLECTION_SEPA_IBAN: iban, COLLECTION_SEPA_BIC: bic } = config
  return {
    ...(routingNumber && achBank && accountNumberPrefix && { ach: { routingNumber, bankName: achBank, accountNumberPrefix } }),
    ...(iban && bic && { sepa: { iban, bic } }),
  }
}
