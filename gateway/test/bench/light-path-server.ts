import { AuthCache } from '../../src/auth/auth-cache.js'
import { serveBenchGateway } from './bench-app.js'

/**
 * The gateway with an authenticator and a customers service that answer at once, so a load
 * generator measures the gateway's own cost of a request. Prints the port it listens on:
 *   PORT=39001 pnpm exec tsx --conditions=development test/bench/light-path-server.ts
 *   npx autocannon -c 50 -d 10 -H 'Authorization=Basic Y2xpZW50OnNlY3JldA==' \
 *     http://127.0.0.1:39001/2025-10-13/customers/Customer:019542f5-b3e7-1d02-0000-000000000001
 */
const authCache = new AuthCache(
  async ({ clientId }) => ({ platformId: 'Platform:1', environment: 'SANDBOX', tokenId: clientId, permissions: ['VIEW'] }),
  { ttlMs: 30_000, maxEntries: 100 },
)
const server = serveBenchGateway({ port: Number(process.env.PORT ?? 0), authCache })
server.once('listening', () => console.log((server.address() as { port: number }).port))
