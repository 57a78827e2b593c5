import { callUnary, createGrpcClient } from '@pp/grpc'
import { PlatformOperatorServiceClient } from '@pp/proto/platform/v1/operator'
import { Environment } from '@pp/proto/platform/v1/platform'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectApiError, startHarness, tokenPageOf, type Harness } from './harness.js'
import { open } from '../src/db/client.js'

/** platform.v1.PlatformOperatorService through its generated client, on the real server and a fresh database. */
let h: Harness
let operator: PlatformOperatorServiceClient

beforeAll(async () => {
  h = await startHarness('platform_operator')
  operator = createGrpcClient(PlatformOperatorServiceClient, h.address)
})

afterAll(async () => {
  operator?.close()
  await h?.stop()
})

const create = (name: string, tokenEnvironment = Environment.ENVIRONMENT_SANDBOX, regulated = false) =>
  callUnary(operator, operator.createPlatform, { name, isRegulatedFinancialInstitution: regulated, tokenEnvironment }, {})

describe('CreatePlatform', () => {
  it('creates the platform with its token in the asked environment only, which authenticates', async () => {
    const { platform, token } = await create('  Operator One  ', Environment.ENVIRONMENT_PRODUCTION, true)
    expect(platform).toMatchObject({ name: 'Operator One', isRegulatedFinancialInstitution: true })
    const auth = await callUnary(h.client, h.client.authenticateCredentials, { clientId: token!.clientId, clientSecret: token!.clientSecret }, {})
    expect(auth).toMatchObject({ platformId: platform!.id, environment: Environment.ENVIRONMENT_PRODUCTION, tokenId: token!.id })
    const tokensIn = async (environment: 'SANDBOX' | 'PRODUCTION') =>
      tokenPageOf(await callUnary(h.client, h.client.listTokens, { limit: 0 }, { platformId: platform!.id, environment })).data.map((t) => t.id)
    expect(await tokensIn('PRODUCTION')).toEqual([token!.id])
    expect(await tokensIn('SANDBOX')).toEqual([])
    // both environments are configured, as for a seeded platform
    for (const environment of ['SANDBOX', 'PRODUCTION'] as const) {
      expect((await callUnary(h.client, h.client.getPlatformFacts, {}, { platformId: platform!.id, environment })).facts).toBeDefined()
    }
  })

  it('refuses a taken name (CONFLICT) and leaves nothing behind, and an empty name or no environment (INVALID_INPUT)', async () => {
    await create('Taken')
    const before = await open(h.db).platform.count()
    await expectApiError(create('Taken'), 'CONFLICT', /already exists/)
    expect(await open(h.db).platform.count()).toBe(before)
    await expectApiError(create('   '), 'INVALID_INPUT')
    await expectApiError(create('No environment', Environment.ENVIRONMENT_UNSPECIFIED), 'INVALID_INPUT')
  })
})

describe('ListPlatforms', () => {
  it('pages through every platform oldest first, seeded ones included', async () => {
    const seeded = await h.ensure('Seeded')
    const seen: string[] = []
    let cursor: string | undefined
    for (let page = 0; page < 10; page += 1) {
      const answer = await callUnary(operator, operator.listPlatforms, { limit: 1, cursor }, {})
      expect(answer.totalCount).toBe(3)
      seen.push(...answer.data.map((p) => p.name))
      cursor = answer.nextCursor
      if (!answer.hasMore) break
    }
    expect(seen).toEqual(['Operator One', 'Taken', 'Seeded'])
    expect(seeded.platformId).toMatch(/^Platform:/)
    await expectApiError(callUnary(operator, operator.listPlatforms, { limit: 101 }, {}), 'INVALID_INPUT')
  })
})

describe('ListOperatorActions', () => {
  it('pages through the audit log newest first, each page counting every entry', async () => {
    for (const command of ['tokens create', 'platforms list', 'audit']) {
      await callUnary(operator, operator.recordOperatorAction, { operator: 'ops@example.com', command, arguments: [], requestId: `req-${command}`, outcome: 'SUCCEEDED' }, {})
    }
    const first = await callUnary(operator, operator.listOperatorActions, { limit: 2 }, {})
    expect(first).toMatchObject({ hasMore: true, totalCount: 3 })
    const second = await callUnary(operator, operator.listOperatorActions, { limit: 2, cursor: first.nextCursor }, {})
    expect(second).toMatchObject({ hasMore: false, totalCount: 3 })
    expect([...first.data, ...second.data].map((a) => a.command)).toEqual(['audit', 'platforms list', 'tokens create'])
  })
})
