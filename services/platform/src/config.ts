import { baseConfigSchema, databaseConfig, eventSigningConfig, grpcAddress, loadConfig, migrationRoleRequiredInProduction, storageLimitsConfig, webhookLoopbackAllowed, z } from '@pp/config'

const schema = baseConfigSchema.extend({
  ...storageLimitsConfig.shape,
  ...databaseConfig.shape,
  ...eventSigningConfig.shape,
  GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50051'),
  /** Where the operators' methods are served, to the admin identity alone (the public address does not serve them). */
  OPERATOR_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:51051'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** scrypt cost (log2 of N) for new API token secrets; verification reads the cost stored with each hash. */
  TOKEN_SECRET_SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(15),
  /** Secret verifications (scrypt) one API token may cause: sustained per second, in a burst, at once. */
  TOKEN_VERIFICATIONS_PER_SECOND: z.coerce.number().positive().default(0.2),
  TOKEN_VERIFICATION_BURST: z.coerce.number().int().positive().default(5),
  TOKEN_VERIFICATIONS_CONCURRENT: z.coerce.number().int().positive().default(4),
  WEBHOOK_LOOPBACK_ALLOWED: webhookLoopbackAllowed,
})
  .refine(...migrationRoleRequiredInProduction)

export type PlatformServiceConfig = z.infer<typeof schema>

export const loadPlatformServiceConfig = (env: NodeJS.ProcessEnv = process.env): PlatformServiceConfig =>
  loadConfig(schema, env)
