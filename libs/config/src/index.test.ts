import { describe, expect, it } from 'vitest'
import { baseConfigSchema, grpcAddress, loadConfig, z } from './index.js'

describe('loadConfig', () => {
  const schema = baseConfigSchema.extend({ GRPC_ADDRESS: grpcAddress, DELAY_MS: z.coerce.number().default(5) })

  it('parses and applies defaults', () => {
    const config = loadConfig(schema, { GRPC_ADDRESS: '127.0.0.1:50051' })
    expect(config).toEqual({ NODE_ENV: 'development', LOG_LEVEL: 'info', GRPC_ADDRESS: '127.0.0.1:50051', DELAY_MS: 5 })
  })

  it('lists every invalid field', () => {
    expect(() => loadConfig(schema, { GRPC_ADDRESS: 'nope', LOG_LEVEL: 'loud' })).toThrow(/GRPC_ADDRESS[\s\S]*LOG_LEVEL|LOG_LEVEL[\s\S]*GRPC_ADDRESS/)
  })
})
