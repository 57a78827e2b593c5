import { createPublicKey, randomBytes, verify } from 'node:crypto'
import { waitUntil } from '@pp/testing'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminCli, type Printed } from './admin-cli-runner.js'
import { apiClient, type Mesh } from './mesh.js'
import { sharedMesh } from './shared-mesh.js'
import { createCustomer, fund, type PaymentsWorld } from './payments-support.js'
import { startWebhookReceiver } from './webhook-receiver.js'

/**
 * The operator's CLI (`pnpm admin`, tools/admin) as an operator runs it: a child process against
 * the real mesh, over gRPC only. What it does is checked where platforms see it, through the
 * gateway: the platform and token it creates work, a revoked token is refused, a rotated webhook
 * key is published and signs, a frozen account moves no money, a stablecoin's enablement moves.
 */
let mesh: Mesh
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>
let env: Record<string, string>

const { admin, adminJson } = adminCli(() => env)

function expectRefusal(printed: Printed, code: string): void {
  expect(printed.code).toBe(1)
  expect(printed.stdout).toBe('')
  expect(printed.stderr).toMatch(new RegExp(`^error: ${code}: `))
  expect(printed.stderr).not.toMatch(/\n\s+at /)
}

let platformId: string
let api: ReturnType<typeof apiClient>
const platformName = `admin-e2e-${randomBytes(4).toString('hex')}`
const operator = `ops-${randomBytes(4).toString('hex')}@example.com`

beforeAll(async () => {
  mesh = sharedMesh()
  receiver = await startWebhookReceiver()
  // the operator's identity, on the services' operator ports
  env = {
    ...mesh.identity('admin'),
    ...Object.fromEntries(['platform', 'ledger', 'payments', 'webhooks', 'stablecoins'].map((s) => [`${s.toUpperCase()}_OPERATOR_GRPC_ADDRESS`, mesh.operatorAddress(s)])),
    ADMIN_OPERATOR: operator,
  }
  const created = await adminJson('platforms', 'create', '--name', platformName)
  platformId = created.platform.id
  expect(created.token.environment).toBe('SANDBOX')
  api = apiClient(mesh, created.token)
}, 240_000)

afterAll(async () => {
  await receiver?.close()
  await mesh?.stop()
})

describe('platforms', () => {
  it('creates a platform whose printed token works at the gateway, once per name, and lists it', async () => {
    const config = await api('GET', '/config')
    expect(config.status, JSON.stringify(config.body)).toBe(200)
    expectRefusal(await admin('platforms', 'create', '--name', platformName), 'CONFLICT')

    const regulated = await admin('platforms', 'create', '--name', `${platformName}-regulated`, '--regulated', '--environment', 'PRODUCTION')
    expect(regulated.code, regulated.stderr).toBe(0)
    expect(regulated.stdout).toMatch(/PRODUCTION API token Token:\S+, every permission:\n {2}client id: {5}\S+\n {2}client secret: \S+/)

    const listed = await adminJson('platforms', 'list')
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: platformId, name: platformName, isRegulatedFinancialInstitution: false }),
        expect.objectContaining({ name: `${platformName}-regulated`, isRegulatedFinancialInstitution: true }),
      ]),
    )
    expect((await admin('platforms', 'list')).stdout).toMatch(new RegExp(`${platformId}\\s+${platformName}\\s+no\\s+\\d{4}-`))
  })

  it('explains a bad command line and an unreachable service in one line, exit code 1', async () => {
    const usage = await admin('tokens', 'issue', '--platform', platformId)
    expect(usage.code).toBe(1)
    expect(usage.stderr).toMatch(/^error: --environment must be SANDBOX or PRODUCTION\nusage: admin tokens issue /)
    const down = await adminCli(() => ({ ...env, PLATFORM_OPERATOR_GRPC_ADDRESS: '127.0.0.1:1' })).admin('platforms', 'list')
    expect(down.code).toBe(1)
    expect(down.stderr).toBe('error: SERVICE_UNAVAILABLE: No answer from PLATFORM_OPERATOR_GRPC_ADDRESS=127.0.0.1:1\n')
  })
})

describe('tokens', () => {
  it('issues a token that works, lists it, and revokes it: the gateway answers 401 at once', async () => {
    const issued = await adminJson('tokens', 'issue', '--platform', platformId, '--environment', 'SANDBOX', '--name', 'read only', '--permissions', 'VIEW')
    expect(issued).toMatchObject({ name: 'read only', permissions: ['VIEW'], environment: 'SANDBOX' })
    const reader = apiClient(mesh, issued)
    expect((await reader('GET', '/customers')).status).toBe(200)
    expect((await reader('PATCH', '/config', { skipVerificationPaperwork: true })).status).toBe(403)

    const listed = await adminJson('tokens', 'list', '--platform', platformId)
    expect(listed.map((t: { id: string; environment: string }) => [t.id, t.environment])).toContainEqual([issued.id, 'SANDBOX'])
    expect(listed.every((t: Record<string, unknown>) => t.clientSecret === undefined)).toBe(true)

    const revoked = await admin('tokens', 'revoke', '--platform', platformId, '--token', issued.id)
    expect(revoked.stdout).toBe(`Revoked SANDBOX token ${issued.id} of ${platformId}.\n`)
    await waitUntil(async () => (await reader('GET', '/customers')).status === 401, 'the revoked token to be refused', 10_000)
    expect((await adminJson('tokens', 'list', '--platform', platformId)).map((t: { id: string }) => t.id)).not.toContain(issued.id)
    expectRefusal(await admin('tokens', 'revoke', '--platform', platformId, '--token', issued.id), 'TOKEN_NOT_FOUND')
  })
})

describe('webhook signing keys', () => {
  it('rotate: the new key is published with the previous one, and a test webhook is signed by the new key', async () => {
    const before = (await api('GET', '/webhooks/signing-key')).body
    expect(before.previousKeys).toEqual([])
    const rotation = await adminJson('webhook-keys', 'rotate', '--environment', 'SANDBOX', '--overlap', '2h')
    expect(rotation.previousKey).toMatchObject({ status: 'RETIRING', publicKey: before.publicKey })
    expect(Date.parse(rotation.previousKey.retiresAt) - Date.parse(rotation.currentKey.createdAt)).toBe(2 * 3_600_000)

    const after = (await api('GET', '/webhooks/signing-key')).body
    expect(after.publicKey).toBe(rotation.currentKey.publicKey)
    expect(after.previousKeys).toEqual([{ publicKey: before.publicKey, publicKeyPem: before.publicKeyPem, retiresAt: rotation.previousKey.retiresAt }])

    expect((await api('PATCH', '/config', { webhookEndpoint: receiver.url })).status).toBe(200)
    expect((await api('POST', '/sandbox/webhooks/test', {})).status).toBe(200)
    const webhook = receiver.received.at(-1)!
    const signature = Buffer.from(String(webhook.headers['x-service-signature']), 'base64')
    const verifiesWith = (pem: string) => verify('sha256', Buffer.from(webhook.rawBody), createPublicKey(pem), signature)
    expect(verifiesWith(after.publicKeyPem)).toBe(true)
    expect(verifiesWith(before.publicKeyPem)).toBe(false)

    const keys = await adminJson('webhook-keys', 'list', '--environment', 'SANDBOX')
    expect(keys.map((k: { status: string; publicKey: string }) => [k.status, k.publicKey])).toEqual([['CURRENT', after.publicKey], ['RETIRING', before.publicKey]])
    // production keeps its own key
    expect((await adminJson('webhook-keys', 'list', '--environment', 'PRODUCTION')).map((k: { status: string }) => k.status)).toEqual(['CURRENT'])
  })
})

describe('webhook endpoints', () => {
  it("shows a platform's endpoint, resumes a paused one so its backlog goes out, and cannot resume one never set", async () => {
    const created = await adminJson('platforms', 'create', '--name', `${platformName}-endpoint`)
    const tenant = ['--platform', created.platform.id, '--environment', 'SANDBOX']
    const platformApi = apiClient(mesh, created.token)
    expect(await adminJson('webhooks', 'status', ...tenant)).toEqual({ status: 'NOT_CONFIGURED', consecutiveFailures: 0, heldDeliveryCount: 0 })
    expectRefusal(await admin('webhooks', 'resume', ...tenant), 'WEBHOOK_ENDPOINT_NOT_SET')

    // an endpoint that fails until paused (the TEST webhook of its setting and the sandbox funding's webhooks)
    receiver.setDown(true)
    try {
      expect((await platformApi('PATCH', '/config', { webhookEndpoint: receiver.url })).status).toBe(200)
      let account: { id: string } | undefined
      await waitUntil(async () => (account = (await platformApi('GET', '/platform/internal-accounts')).body.data?.[0]) !== undefined, "the platform's accounts", 30_000)
      for (let i = 0; i < 3; i += 1) expect((await platformApi('POST', `/sandbox/internal-accounts/${account!.id}/fund`, { amount: 100 })).status).toBe(200)
      await waitUntil(async () => (await adminJson('webhooks', 'status', ...tenant)).status === 'PAUSED', 'the endpoint paused', 30_000)
      expect((await admin('webhooks', 'status', ...tenant)).stdout).toMatch(new RegExp(`^PAUSED: ${receiver.url}\n\\d+ failed attempts in a row\npaused since \\S+, next probe at \\S+\n\\d+ deliveries held\n$`))
    } finally {
      receiver.setDown(false)
    }
    const resumed = await admin('webhooks', 'resume', ...tenant)
    expect(resumed.stdout).toBe(`Resumed.\nACTIVE: ${receiver.url}\n0 deliveries held\n`)
    await waitUntil(async () => (await platformApi('GET', '/webhooks/deliveries?limit=100')).body.data.every((d: any) => d.status === 'DELIVERED'), 'the backlog delivered', 10_000)
  })
})

describe('internal accounts', () => {
  it('a frozen account refuses a payment until the operator lifts the freeze', async () => {
    expect((await api('PATCH', '/config', { skipVerificationPaperwork: true })).status).toBe(200)
    const termsVersion = (await api('GET', '/customers/end-user-terms')).body.version as string
    const world = { mesh, api, platformId, termsVersion } as PaymentsWorld
    const [payer, payee] = [await createCustomer(world), await createCustomer(world)]
    const from = payer.accounts.USD!
    await fund(world, from, 10_000)
    const send = () => api('POST', '/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: from },
      destination: { destinationType: 'ACCOUNT', accountId: payee.accounts.USD },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 1_000,
      immediatelyExecute: true,
    }, { 'Idempotency-Key': `k-${randomBytes(8).toString('hex')}` })

    const frozen = await admin('accounts', 'set-status', '--platform', platformId, '--environment', 'SANDBOX', from, 'FROZEN')
    expect(frozen.stdout).toBe(`Internal account ${from} is now FROZEN.\n`)
    const refused = await send()
    expect(refused.status, JSON.stringify(refused.body)).toBe(409)
    expect(refused.body.message).toMatch(/frozen/)
    expectRefusal(await admin('accounts', 'set-status', '--platform', platformId, '--environment', 'SANDBOX', from, 'CLOSED'), 'INVALID_STATE_TRANSITION')

    expect((await adminJson('accounts', 'set-status', '--platform', platformId, '--environment', 'SANDBOX', from, 'ACTIVE')).status).toBe('ACTIVE')
    const sent = await send()
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
  })
})

describe('bank rails', () => {
  it('reach the payments operator port, which says each rail is off and the setting that turns it on', async () => {
    for (const [rail, setting] of [['ach', 'ACH_SFTP_HOST'], ['sepa', 'SEPA_SFTP_HOST']] as const) {
      for (const command of ['items', 'build-file', 'fetch']) {
        const refused = await admin(rail, command)
        expectRefusal(refused, 'NOT_IMPLEMENTED')
        expect(refused.stderr).toContain(setting)
      }
    }
  })
})

describe('stablecoins', () => {
  it("moves a stablecoin's enablement, which the platform cannot request", async () => {
    const link = await api('POST', '/stablecoin-provider-accounts', { provider: 'BRALE', apiClientId: `client-${randomBytes(4).toString('hex')}`, apiClientSecret: 'sandbox-secret' }, { 'Idempotency-Key': `k-${randomBytes(8).toString('hex')}` })
    expect(link.status, JSON.stringify(link.body)).toBe(201)
    const body = { providerTokenIdentifier: `A${randomBytes(3).toString('hex').toUpperCase()}`, networkTokenIdentifier: `spark1${randomBytes(8).toString('hex')}`, network: 'SPARK', stablecoinProviderAccountId: link.body.id }
    const created = await api('POST', '/stablecoins', body, { 'Idempotency-Key': `k-${randomBytes(8).toString('hex')}` })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.id as string
    expect(created.body.serviceOperationsStatus).toBe('NOT_ENABLED')

    const printed = await admin('stablecoins', 'set-operations-status', id, 'ENABLED')
    expect(printed.stdout).toMatch(new RegExp(`^Stablecoin ${id}.* is now ENABLED\\.\\n$`))
    expect((await api('GET', `/stablecoins/${id}`)).body.serviceOperationsStatus).toBe('ENABLED')
    expect((await adminJson('stablecoins', 'set-operations-status', id, 'DISABLED')).serviceOperationsStatus).toBe('DISABLED')
    expect((await api('GET', `/stablecoins/${id}`)).body.serviceOperationsStatus).toBe('DISABLED')
  })
})

describe('the audit log', () => {
  it('records every command under its operator, before it acts and how it ended, and keeps every entry', async () => {
    expectRefusal(await admin('platforms', 'create', '--name', platformName), 'CONFLICT')
    const entries = (await adminJson('audit', 'list', '--limit', '100')) as any[]
    const mine = entries.filter((entry) => entry.operator === operator).reverse()
    const created = mine.filter((entry) => entry.command === 'platforms create')
    expect(created.slice(0, 2).map((e) => [e.outcome, e.errorCode, e.arguments])).toEqual([
      ['STARTED', undefined, ['--name', platformName]],
      ['SUCCEEDED', undefined, ['--name', platformName]],
    ])
    expect(created.slice(-2).map((e) => [e.outcome, e.errorCode])).toEqual([['STARTED', undefined], ['FAILED', 'CONFLICT']])
    // one run's entries share the request id its calls carried
    expect(created.at(-1).requestId).toBe(created.at(-2).requestId)
    expect(mine.at(-1)).toMatchObject({ command: 'audit list', outcome: 'STARTED' })

    const platformDb = new pg.Client({ connectionString: mesh.databaseUrl('platform') })
    await platformDb.connect()
    try {
      for (const tamper of ["UPDATE operator_actions SET operator = 'someone-else'", 'DELETE FROM operator_actions', 'TRUNCATE operator_actions']) {
        await expect(platformDb.query(tamper), tamper).rejects.toThrow(/append-only/)
      }
      const { rows } = await platformDb.query<{ count: number }>('SELECT count(*)::int AS count FROM operator_actions WHERE operator = $1', [operator])
      expect(rows[0]!.count).toBeGreaterThanOrEqual(mine.length)
    } finally {
      await platformDb.end()
    }
  })
})
