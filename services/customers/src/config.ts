import { baseConfigSchema, grpcAddress, loadConfig, z } from '@pp/config'

const schema = baseConfigSchema.extend({
  DATABASE_URL: z.url(),
  GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50052'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  PLATFORM_GRPC_ADDRESS: grpcAddress.default('127.0.0.1:50051'),
})

export type CustomersConfig = z.infer<typeof schema>

export const loadCustomersConfig = (env: NodeJS.ProcessEnv = process.env): CustomersConfig => loadConfig(schema, env)
