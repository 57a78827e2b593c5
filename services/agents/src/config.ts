import { baseConfigSchema, databaseConfig, eventConsumerConfig, eventSigningConfig, grpcAddress, loadConfig, migrationRoleRequiredInProduction, storageLimitsConfig, z } from '@pp/config'

const schema = baseConfigSchema.extend({
  ...storageLimitsConfig.shape,
  ...databaseConfig.shape,
  ...eventSigningConfig.shape,
  GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50059'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** Agents' operations ask these services about customers and accounts, and move money through payments' quotes. */
  CUSTOMERS_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50052'),
  LEDGER_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50053'),
  PAYMENTS_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50054'),
  /** How long an agent's device code can be redeemed. */
  AGENT_DEVICE_CODE_TTL_MS: z.coerce.number().int().positive().default(15 * 60_000),
  /** How old an agent's unanswered execution must be before the recovery loop executes it again. */
  AGENT_EXECUTION_RECOVERY_MS: z.coerce.number().int().positive().default(30_000),
  /** It follows customers' deletions. */
  ...eventConsumerConfig('agents').shape,
})
  .refine(...migrationRoleRequiredInProduction)

export type AgentsServiceConfig = z.infer<typeof schema>

export const loadAgentsServiceConfig = (env: NodeJS.ProcessEnv = process.env): AgentsServiceConfig =>
  loadConfig(schema, env)
