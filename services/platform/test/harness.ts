import { join } from 'node:path'
import { tableResolver } from '@pp/egress'
import type { ApiError } from '@pp/errors'
import { callUnary, createGrpcClient } from '@pp/grpc'
import type { Caller } from '@pp/tenancy'
import { createLogger } from '@pp/logging'
import { PlatformServiceClient, type EnsurePlatformResponse } from '@pp/proto/platform/v1/platform'
import { createTestDatabase } from '@pp/testing'
import { expect } from 'vitest'
import { createPlatformDb, open, type PlatformDb } from '../src/db/client.js'
import type { Page } from '@pp/paging'
import type { ApiTokenView, PlatformConfigView } from '../src/domain/types.js'
import { startPlatformServer } from '../src/rpc/server.js'

export const MIGRATIONS_DIR = join(import.meta.dirname, '../prisma/migrations')
export const SCHEMA_PATH = join(import.meta.dirname, '../prisma/schema.prisma')

export interface Harness {
  url: string
  /** Where the server listens, for clients of its other services. */
  address: string
  db: PlatformDb
  client: PlatformServiceClient
  ensure(name: string, options?: { regulated?: boolean; skip?: boolean }): Promise<Required<EnsurePlatformResponse>>
  stop(): Promise<void>
}

/** The names the tests' webhook endpoints resolve; no other name resolves. */
const declaredDns = tableResolver({ 'hooks.public.example': ['93.184.216.34'], 'hooks.inside.example': ['192.168.0.10'] })

/**
 * The real gRPC server on a fresh database, called through the generated client. The clock moves
 * one second per reading, so rows get distinct, predictable timestamps; scrypt runs at a low cost;
 * host names resolve as `declaredDns` says.
 */
export async function startHarness(prefix: string): Promise<Harness> {
  const database = await createTestDatabase(prefix, MIGRATIONS_DIR)
  const db = createPlatformDb(database.url)
  let clockMs = Date.parse('2025-10-13T00:00:00.000Z')
  const server = await startPlatformServer({
    address: '127.0.0.1:0',
    db,
    logger: createLogger('platform-test', 'silent'),
    secretCostLog2: 10,
    // tests check credentials far more often than a client would
    verificationBudget: { perSecond: 1_000, burst: 1_000, concurrent: 100 },
    now: () => new Date((clockMs += 1_000)),
    resolveHost: declaredDns,
    webhookLoopbackAllowed: true,
  })
  const address = `127.0.0.1:${server.port}`
  const client = createGrpcClient(PlatformServiceClient, address)
  return {
    url: database.url,
    address,
    db,
    client,
    async ensure(name, options = {}) {
      const request = { name, isRegulatedFinancialInstitution: options.regulated ?? false, skipVerificationPaperwork: options.skip ?? false }
      const response = await callUnary(client, client.ensurePlatform, request, {})
      return response as Required<EnsurePlatformResponse>
    },
    async stop() {
      client.close()
      await server.shutdown()
      await open(db).$disconnect()
      await database.drop()
    },
  }
}

export const sandbox = (platformId: string): Caller => ({ platformId, environment: 'SANDBOX', requestId: 'test' })
export const production = (platformId: string): Caller => ({ platformId, environment: 'PRODUCTION', requestId: 'test' })

/** The API's JSON an answer carries, as the gateway sends it on. */
export const configOf = (answer: { configJson: string }) => JSON.parse(answer.configJson) as PlatformConfigView
export const tokenOf = (answer: { tokenJson: string }) => JSON.parse(answer.tokenJson) as ApiTokenView
export const tokenPageOf = (answer: { pageJson: string }) => JSON.parse(answer.pageJson) as Page<ApiTokenView>

/** Awaits a rejected call and checks the API error it carried. */
export async function expectApiError(call: Promise<unknown>, code: string, reason?: string | RegExp): Promise<ApiError> {
  const err = (await call.then(
    () => expect.fail(`expected ${code}`),
    (e: unknown) => e,
  )) as ApiError
  expect(err.code).toBe(code)
  if (reason !== undefined) expect(err.message).toMatch(reason)
  return err
}

/** The outbox rows of one event type, oldest first. */
export async function outboxEvents(db: PlatformDb, type: string): Promise<{ platformId: string; environment: string; data: any }[]> {
  const rows = await open(db).outboxEvent.findMany({ where: { subject: `events.platform.${type}` }, orderBy: { createdAt: 'asc' } })
  return rows.map((r) => r.payload as { platformId: string; environment: string; data: any })
}
