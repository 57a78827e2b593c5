import { createHash } from 'node:crypto'
import { randomBytes } from 'node:crypto'
import { p256 } from '@noble/curves/nist.js'
import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient, type Credentials, type Mesh } from './mesh.js'
import { sharedMesh } from './shared-mesh.js'
import { startWebhookReceiver, type ReceivedWebhook } from './webhook-receiver.js'

/**
 * Accounts and webhooks end to end: the ledger provisions accounts from customer events, sandbox
 * funding moves balances, and the webhooks service delivers signed notifications to a local
 * receiver configured with PATCH /config.
 */
let mesh: Mesh
let platform: Credentials & { production: Credentials }
let api: ReturnType<typeof apiClient>
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>
let termsVersion: string

const consent = () => ({
  type: 'SERVICE_END_USER_TERMS',
  acceptedAt: '2026-11-01T10:00:00Z',
  ipAddress: '203.0.113.7',
  termsVersion,
  acceptanceMethod: 'CHECKBOX',
})

const createCustomer = async (withConsent: boolean) => {
  const body = {
    customerType: 'INDIVIDUAL',
    platformCustomerId: `pc-${randomBytes(6).toString('hex')}`,
    fullName: 'Grace Hopper',
    ...(withConsent ? { agreementConsents: [consent()] } : {}),
  }
  const response = await api('POST', '/customers', body)
  expect(response.status).toBe(201)
  return response.body as { id: string }
}

const accountsOf = async (customerId: string) =>
  (await api('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}&limit=100`)).body.data as any[]

beforeAll(async () => {
  mesh = sharedMesh()
  receiver = await startWebhookReceiver()
  platform = await mesh.createPlatform(`e2e-accounts-${randomBytes(4).toString('hex')}`, { skipVerificationPaperwork: true })
  api = apiClient(mesh, platform)
  termsVersion = (await api('GET', '/customers/end-user-terms')).body.version
  // CUSTOMER.UPDATED is a webhook type beyond the reference's list, sent to a platform that turns those on
  expect((await api('PATCH', '/config', { webhookEndpoint: receiver.url, extendedWebhookTypes: true })).status).toBe(200)
}, 120_000)

afterAll(async () => {
  await receiver?.close()
  await mesh?.stop()
})

describe('internal accounts', () => {
  let customerId: string
  let usd: any

  it('provisions the accounts of a customer with consent, and none for one without', async () => {
    customerId = (await createCustomer(true)).id
    const withoutConsent = (await createCustomer(false)).id
    const later = (await createCustomer(true)).id
    // events are handled in order, so once the later customer has accounts the one between was handled too
    await waitUntil(async () => (await accountsOf(later)).length > 0, 'accounts of the later customer', 30_000)
    expect(await accountsOf(withoutConsent)).toEqual([])

    const accounts = await accountsOf(customerId)
    const kinds = accounts.map((a) => `${a.type}:${a.balance.currency.code}`).sort()
    expect(kinds).toEqual(expect.arrayContaining(['INTERNAL_FIAT:USD', 'INTERNAL_FIAT:EUR', 'EMBEDDED_WALLET:USDB']))
    expect(new Set(kinds).size).toBe(kinds.length)
    usd = accounts.find((a) => a.type === 'INTERNAL_FIAT' && a.balance.currency.code === 'USD')
    expect(usd).toMatchObject({ status: 'ACTIVE', customerId, balance: { amount: 0 }, totalBalance: { amount: 0 }, sweepRule: null })
  })

  it('credits a sandbox funding by exactly the amount and notifies the platform with a signed webhook', async () => {
    const funded = await api('POST', `/sandbox/internal-accounts/${usd.id}/fund`, { amount: 12_345 })
    expect(funded.status).toBe(200)
    expect(funded.body.balance.amount).toBe(12_345)
    expect(funded.body.totalBalance.amount).toBe(12_345)

    const isPayment = (w: ReceivedWebhook) => JSON.stringify(w.body).includes(usd.id) && String(w.body.type).startsWith('INCOMING_PAYMENT')
    await waitUntil(async () => receiver.received.some(isPayment), 'the incoming-payment webhook', 30_000)
    const webhook = receiver.received.find(isPayment)!
    expect(webhook.body.transaction).toMatchObject({ status: 'COMPLETED', receivedAmount: { amount: 12_345 } })

    const key = (await api('GET', '/webhooks/signing-key')).body
    const signature = Buffer.from(String(webhook.headers['x-service-signature']), 'base64')
    const digest = createHash('sha256').update(webhook.rawBody).digest()
    expect(p256.verify(signature, digest, Buffer.from(key.publicKey, 'hex'), { prehash: false, format: 'der' })).toBe(true)
  })

  it('delivers a customer update after a PATCH', async () => {
    expect((await api('PATCH', `/customers/${customerId}`, { customerType: 'INDIVIDUAL', email: 'grace@example.com' })).status).toBe(200)
    await waitUntil(
      async () => receiver.received.some((w) => w.rawBody.includes('grace@example.com') && w.rawBody.includes(customerId)),
      'the customer-update webhook',
      30_000,
    )
  })

  it('answers bad funding requests with their errors and moves nothing', async () => {
    const production = apiClient(mesh, platform.production)
    const cases = [
      [production, `/sandbox/internal-accounts/${usd.id}/fund`, { amount: 100 }, 403, 'FORBIDDEN'],
      [api, `/sandbox/internal-accounts/InternalAccount:019a0000-0000-7000-8000-000000000000/fund`, { amount: 100 }, 404, undefined],
      [api, `/sandbox/internal-accounts/${usd.id}/fund`, { amount: 0 }, 400, 'INVALID_INPUT'],
      [api, `/sandbox/internal-accounts/${usd.id}/fund`, { amount: 10.5 }, 400, 'INVALID_INPUT'],
    ] as const
    for (const [client, path, body, status, code] of cases) {
      const response = await client('POST', path, body)
      expect(response.status).toBe(status)
      if (code) expect(response.body.code).toBe(code)
    }
    const rule = await api('POST', '/internal-accounts', { type: 'RULE_BASED', currency: 'USD', customerId, sweepRule: {} })
    expect([rule.status, rule.body.code]).toEqual([400, 'INVALID_INPUT'])
    const after = (await accountsOf(customerId)).find((a) => a.id === usd.id)
    expect([after.balance.amount, after.totalBalance.amount]).toEqual([12_345, 12_345])
  })
})

describe('external accounts', () => {
  const usAccount = (customerId: string, routingNumber = '011000015') => ({
    customerId,
    currency: 'USD',
    accountInfo: {
      accountType: 'US_ACCOUNT',
      accountNumber: '987654321098',
      routingNumber,
      accountCategory: 'CHECKING',
      bankName: 'Chase',
      beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Grace Hopper' },
    },
  })

  it('validates for real, refuses duplicates and changes nothing on error', async () => {
    const { id: customerId } = await createCustomer(true)
    const badRouting = await api('POST', '/customers/external-accounts', usAccount(customerId, '011000016'))
    expect([badRouting.status, badRouting.body.code]).toEqual([400, 'INVALID_INPUT'])
    expect(badRouting.body.details.errors.map((e: { field: string }) => e.field)).toContain('accountInfo.routingNumber')

    const created = await api('POST', '/customers/external-accounts', usAccount(customerId))
    expect(created.status).toBe(201)
    expect(created.body.id).toMatch(/^ExternalAccount:/)
    const duplicate = await api('POST', '/customers/external-accounts', usAccount(customerId))
    expect([duplicate.status, duplicate.body.code]).toEqual([409, 'DUPLICATE_EXTERNAL_ACCOUNT'])

    const list = await api('GET', `/customers/external-accounts?customerId=${encodeURIComponent(customerId)}`)
    expect(list.body.data.map((a: { id: string }) => a.id)).toEqual([created.body.id])
  })
})
