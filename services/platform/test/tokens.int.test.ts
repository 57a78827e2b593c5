import { callUnary } from '@pp/grpc'
import { newId } from '@pp/ids'
import { Environment, Permission, type ListTokensRequest } from '@pp/proto/platform/v1/platform'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectApiError, outboxEvents, production, sandbox, startHarness, tokenOf, tokenPageOf, type Harness } from './harness.js'
import { open } from '../src/db/client.js'

let h: Harness

beforeAll(async () => {
  h = await startHarness('platform_tokens')
})
afterAll(() => h?.stop())

const authenticate = (clientId: string, clientSecret: string) =>
  callUnary(h.client, h.client.authenticateCredentials, { clientId, clientSecret }, {})

const create = (platformId: string, name: string, ctx = sandbox(platformId), permissions = [Permission.PERMISSION_VIEW]) =>
  callUnary(h.client, h.client.createToken, { name, permissions }, ctx).then(tokenOf)

const list = (platformId: string, request: Partial<ListTokensRequest>, ctx = sandbox(platformId)) =>
  callUnary(h.client, h.client.listTokens, { limit: 0, ...request }, ctx).then(tokenPageOf)

describe('EnsurePlatform', () => {
  it('creates the platform and issues a working token per environment', async () => {
    const { platformId, sandboxToken, productionToken } = await h.ensure('Ensure Co')
    expect(platformId).toMatch(/^Platform:/)
    expect(sandboxToken.id).toMatch(/^Token:/)
    expect(sandboxToken.clientId).toMatch(/^[0-9a-f]{32}$/)
    expect(sandboxToken.clientSecret).toMatch(/^[0-9a-f]{64}$/)

    const asSandbox = await authenticate(sandboxToken.clientId, sandboxToken.clientSecret)
    // seeding and tests rely on these tokens being allowed everything
    expect(asSandbox).toEqual({
      platformId,
      environment: Environment.ENVIRONMENT_SANDBOX,
      tokenId: sandboxToken.id,
      permissions: [Permission.PERMISSION_VIEW, Permission.PERMISSION_TRANSACT, Permission.PERMISSION_MANAGE],
    })
    const asProduction = await authenticate(productionToken.clientId, productionToken.clientSecret)
    expect(asProduction).toEqual({ ...asSandbox, environment: Environment.ENVIRONMENT_PRODUCTION, tokenId: productionToken.id })
  })

  it('reuses a platform of the same name and issues a fresh pair, the old one still valid', async () => {
    const first = await h.ensure('Twice Co')
    const second = await h.ensure('Twice Co', { regulated: true })
    expect(second.platformId).toBe(first.platformId)
    expect(second.sandboxToken.clientId).not.toBe(first.sandboxToken.clientId)
    await expect(authenticate(first.sandboxToken.clientId, first.sandboxToken.clientSecret)).resolves.toBeDefined()
    const { facts } = await callUnary(h.client, h.client.getPlatformFacts, {}, sandbox(first.platformId))
    expect(facts?.isRegulatedFinancialInstitution).toBe(false)
  })

  it('settles two concurrent calls on one platform', async () => {
    const [a, b] = await Promise.all([h.ensure('Race Co'), h.ensure('Race Co')])
    expect(a.platformId).toBe(b.platformId)
  })

  it('announces a new platform once per environment with PLATFORM.CREATED', async () => {
    const { platformId } = await h.ensure('Announced Co')
    await h.ensure('Announced Co')
    const created = (await outboxEvents(h.db, 'PLATFORM.CREATED')).filter((e) => e.platformId === platformId)
    expect(created.map((e) => [e.environment, e.data]).sort()).toEqual([
      ['PRODUCTION', { platformId }],
      ['SANDBOX', { platformId }],
    ])
  })

  it('refuses an empty name', async () => {
    await expectApiError(h.ensure('  '), 'INVALID_INPUT')
  })
})

describe('AuthenticateCredentials', () => {
  it('names the failing check: unknown id, wrong secret, deleted token', async () => {
    const { platformId, sandboxToken } = await h.ensure('Auth Co')
    await expectApiError(authenticate('0'.repeat(32), sandboxToken.clientSecret), 'UNAUTHORIZED', 'Unknown API token')
    await expectApiError(authenticate('', ''), 'UNAUTHORIZED', 'Unknown API token')
    await expectApiError(authenticate(sandboxToken.clientId, 'f'.repeat(64)), 'UNAUTHORIZED', 'Invalid client secret')

    const token = await create(platformId, 'doomed')
    await callUnary(h.client, h.client.deleteToken, { tokenId: token.id }, sandbox(platformId))
    await expectApiError(authenticate(token.clientId, token.clientSecret!), 'UNAUTHORIZED', 'API token deleted')
    // without the secret a deleted token is indistinguishable from any wrong secret
    await expectApiError(authenticate(token.clientId, 'f'.repeat(64)), 'UNAUTHORIZED', 'Invalid client secret')
  })

  it('accepts the token id as the username as well as the client id, with the same checks', async () => {
    const { platformId } = await h.ensure('Token Id Co')
    const token = await create(platformId, 'by id')
    const byClientId = await authenticate(token.clientId, token.clientSecret!)
    expect(await authenticate(token.id, token.clientSecret!)).toEqual(byClientId)
    expect(byClientId).toMatchObject({ platformId, tokenId: token.id })

    await expectApiError(authenticate(token.id, 'f'.repeat(64)), 'UNAUTHORIZED', 'Invalid client secret')
    await expectApiError(authenticate(newId('Token'), token.clientSecret!), 'UNAUTHORIZED', 'Unknown API token')
    // a token id of another shape is looked up as a client id, which it never is
    await expectApiError(authenticate('Token:nope', token.clientSecret!), 'UNAUTHORIZED', 'Unknown API token')
    await callUnary(h.client, h.client.deleteToken, { tokenId: token.id }, sandbox(platformId))
    await expectApiError(authenticate(token.id, token.clientSecret!), 'UNAUTHORIZED', 'API token deleted')
  })

  it('answers exactly the permissions the token was created with', async () => {
    const { platformId } = await h.ensure('View Only Co')
    const token = await create(platformId, 'reader', sandbox(platformId), [Permission.PERMISSION_VIEW])
    expect((await authenticate(token.id, token.clientSecret!)).permissions).toEqual([Permission.PERMISSION_VIEW])
  })

  it('stores only a salted scrypt hash of the secret', async () => {
    const { sandboxToken } = await h.ensure('Hash Co')
    const row = await open(h.db).apiToken.findUniqueOrThrow({ where: { id: sandboxToken.id } })
    expect(row.secretHash).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/)
    expect(JSON.stringify(row)).not.toContain(sandboxToken.clientSecret)
  })
})

describe('CreateToken', () => {
  it('returns the secret once; the token authenticates into the creating environment', async () => {
    const { platformId } = await h.ensure('Create Co')
    const token = await create(platformId, ' ops ', production(platformId), [Permission.PERMISSION_MANAGE, Permission.PERMISSION_VIEW])
    expect(token).toMatchObject({ name: 'ops', permissions: ['VIEW', 'MANAGE'] })
    expect(token.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    const who = await authenticate(token.clientId, token.clientSecret!)
    expect(who).toMatchObject({ platformId, environment: Environment.ENVIRONMENT_PRODUCTION, tokenId: token.id })

    const fetched = tokenOf(await callUnary(h.client, h.client.getToken, { tokenId: token.id }, production(platformId)))
    const { clientSecret: _shownOnce, ...shown } = token
    expect(fetched).toEqual(shown)

    const created = (await outboxEvents(h.db, 'TOKEN.CREATED')).filter((e) => e.data.tokenId === token.id)
    expect(created).toEqual([{ ...created[0], platformId, environment: 'PRODUCTION', data: { tokenId: token.id, clientId: token.clientId } }])
  })

  it('refuses an empty name, no permissions and an unspecified permission', async () => {
    const { platformId } = await h.ensure('Invalid Co')
    const err = await expectApiError(create(platformId, '', sandbox(platformId), []), 'INVALID_INPUT')
    expect((err.details.errors as { field: string }[]).map((e) => e.field)).toEqual(['name', 'permissions'])
    const bad = await expectApiError(create(platformId, 'x', sandbox(platformId), [Permission.PERMISSION_UNSPECIFIED]), 'INVALID_INPUT')
    expect(bad.details.errors).toMatchObject([{ field: 'permissions.0' }])
  })

  it('refuses a call without a tenant and an unknown platform', async () => {
    await expectApiError(callUnary(h.client, h.client.createToken, { name: 'x', permissions: [1] }, {}), 'UNAUTHORIZED')
    await expectApiError(create('Platform:nope', 'x'), 'PLATFORM_NOT_FOUND')
  })
})

describe('ListTokens', () => {
  it('pages newest first with a cursor, without duplicates, and counts every match', async () => {
    const { platformId, sandboxToken } = await h.ensure('List Co')
    const made = []
    for (let i = 0; i < 6; i++) made.push(await create(platformId, `t${i}`))
    const expected = [...made.reverse(), sandboxToken].map((t) => t.id)

    const seen: string[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const page = await list(platformId, { limit: 3, cursor })
      expect(page.totalCount).toBe(7)
      seen.push(...page.data.map((t) => t.id))
      expect(page.data.every((t) => t.clientSecret === undefined)).toBe(true)
      cursor = page.hasMore ? page.nextCursor : undefined
      if (!page.hasMore) expect(page).not.toHaveProperty('nextCursor')
      pages += 1
    } while (cursor)
    expect(pages).toBe(3)
    expect(seen).toEqual(expected)
  })

  it('filters by name and inclusive creation and update bounds', async () => {
    const { platformId } = await h.ensure('Filter Co')
    const [a, b, c] = [await create(platformId, 'a'), await create(platformId, 'b'), await create(platformId, 'c')]
    const names = (filter: Partial<ListTokensRequest>) => list(platformId, filter).then((p) => p.data.map((t) => t.name))
    const at = (iso: string) => new Date(iso)
    expect(await names({ name: 'b' })).toEqual(['b'])
    expect(await names({ createdAfter: at(a.createdAt), createdBefore: at(b.createdAt) })).toEqual(['b', 'a'])
    expect(await names({ updatedAfter: at(c.updatedAt) })).toEqual(['c'])
    expect(await names({ updatedBefore: at(a.createdAt), name: 'c' })).toEqual([])
  })

  it('refuses a foreign cursor and a limit above 100', async () => {
    const { platformId } = await h.ensure('Bad List Co')
    await expectApiError(callUnary(h.client, h.client.listTokens, { limit: 0, cursor: 'garbage' }, sandbox(platformId)), 'INVALID_INPUT')
    await expectApiError(callUnary(h.client, h.client.listTokens, { limit: 101 }, sandbox(platformId)), 'INVALID_INPUT')
  })
})

describe('GetToken and DeleteToken', () => {
  it('deletes once, records TOKEN.DELETED, then the token is gone everywhere', async () => {
    const { platformId } = await h.ensure('Delete Co')
    const token = await create(platformId, 'temp')
    await callUnary(h.client, h.client.deleteToken, { tokenId: token.id }, sandbox(platformId))

    await expectApiError(callUnary(h.client, h.client.getToken, { tokenId: token.id }, sandbox(platformId)), 'TOKEN_NOT_FOUND')
    await expectApiError(callUnary(h.client, h.client.deleteToken, { tokenId: token.id }, sandbox(platformId)), 'TOKEN_NOT_FOUND')
    expect((await list(platformId, {})).data.map((t) => t.id)).not.toContain(token.id)

    const deleted = (await outboxEvents(h.db, 'TOKEN.DELETED')).filter((e) => e.platformId === platformId)
    expect(deleted.map((e) => e.data)).toEqual([{ tokenId: token.id, clientId: token.clientId }])
    expect(JSON.stringify(deleted)).not.toContain(token.clientSecret)
  })

  it('answers TOKEN_NOT_FOUND for a malformed or unknown id', async () => {
    const { platformId } = await h.ensure('Missing Co')
    await expectApiError(callUnary(h.client, h.client.getToken, { tokenId: 'nope' }, sandbox(platformId)), 'TOKEN_NOT_FOUND')
    await expectApiError(
      callUnary(h.client, h.client.deleteToken, { tokenId: 'Token:019542f5-b3e7-7d02-8000-000000000001' }, sandbox(platformId)),
      'TOKEN_NOT_FOUND',
    )
  })
})

describe('tenant isolation', () => {
  it("keeps another platform from reading or deleting a platform's tokens", async () => {
    const a = await h.ensure('Tenant A')
    const b = await h.ensure('Tenant B')
    const tokenId = a.sandboxToken.id
    await expectApiError(callUnary(h.client, h.client.getToken, { tokenId }, sandbox(b.platformId)), 'TOKEN_NOT_FOUND')
    await expectApiError(callUnary(h.client, h.client.deleteToken, { tokenId }, sandbox(b.platformId)), 'TOKEN_NOT_FOUND')
    expect((await list(b.platformId, {})).data.map((t) => t.id)).toEqual([b.sandboxToken.id])
    await expect(authenticate(a.sandboxToken.clientId, a.sandboxToken.clientSecret)).resolves.toMatchObject({ tokenId })
  })

  it('keeps sandbox credentials away from production tokens', async () => {
    const { platformId, productionToken } = await h.ensure('Env Co')
    const tokenId = productionToken.id
    await expectApiError(callUnary(h.client, h.client.getToken, { tokenId }, sandbox(platformId)), 'TOKEN_NOT_FOUND')
    await expectApiError(callUnary(h.client, h.client.deleteToken, { tokenId }, sandbox(platformId)), 'TOKEN_NOT_FOUND')
    expect((await list(platformId, {})).data.map((t) => t.id)).not.toContain(tokenId)
    await expect(callUnary(h.client, h.client.getToken, { tokenId }, production(platformId))).resolves.toBeDefined()
  })
})
