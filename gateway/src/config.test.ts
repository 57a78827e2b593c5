import { describe, expect, it } from 'vitest'
import { loadGatewayConfig } from './config.js'

describe('gateway config', () => {
  it('has working defaults for a local mesh', () => {
    expect(loadGatewayConfig({})).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      PLATFORM_GRPC_ADDRESS: '127.0.0.1:50051',
      CUSTOMERS_GRPC_ADDRESS: '127.0.0.1:50052',
      NATS_URL: 'nats://127.0.0.1:4222',
      AUTH_CACHE_TTL_MS: 30_000,
      AUTH_CACHE_MAX_ENTRIES: 10_000,
      AUTH_FAILURE_CACHE_TTL_MS: 5_000,
      LOG_LEVEL: 'info',
    })
  })

  it('stops on a bad value, naming it', () => {
    expect(() => loadGatewayConfig({ PLATFORM_GRPC_ADDRESS: 'nowhere' })).toThrow(/PLATFORM_GRPC_ADDRESS/)
  })
})
