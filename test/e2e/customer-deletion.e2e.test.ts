import { randomBytes } from 'node:crypto'
import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from './mesh.js'
import { fund, startPaymentsWorld, type PaymentsWorld } from './payments-support.js'

/**
 * Deleting a customer ends every money path and credential it had, each service following the
 * customers service's CUSTOMER.DELETED: its empty accounts close, an account holding money is
 * frozen with the balance kept and shown, its agents lose their tokens, and its embedded wallet's
 * credentials are gone. Nothing else of the platform changes.
 */
let world: PaymentsWorld

interface Account {
  id: string
  type: string
  status: string
  balance: { amount: number; currency: { code: string } }
}

const accountsOf = async (customerId: string): Promise<Account[]> =>
  (await world.api('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}&limit=100`)).body.data

async function customerWithWallet(): Promise<{ id: string; accounts: Account[] }> {
  const consent = { type: 'SERVICE_END_USER_TERMS', acceptedAt: '2026-11-01T10:00:00Z', ipAddress: '203.0.113.7', termsVersion: world.termsVersion, acceptanceMethod: 'CHECKBOX' }
  const email = `leaver-${randomBytes(4).toString('hex')}@example.com`
  const created = await world.api('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: `pc-${randomBytes(6).toString('hex')}`, fullName: 'Ada Leaver', email, agreementConsents: [consent] })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const id = created.body.id as string
  let accounts: Account[] = []
  await waitUntil(async () => {
    accounts = await accountsOf(id)
    return accounts.some((a) => a.type === 'EMBEDDED_WALLET' && a.status === 'ACTIVE') && accounts.some((a) => a.type === 'INTERNAL_FIAT' && a.status === 'ACTIVE')
  }, 'the customer accounts', 30_000)
  return { id, accounts }
}

async function installAgent(customerId: string): Promise<string> {
  const policy = { permissions: ['VIEW_TRANSACTIONS'], defaultExecutionMode: 'AUTO', spendingLimits: { currency: 'EUR', perTransactionLimit: 100, dailyLimit: 100, monthlyLimit: 100 } }
  const created = await world.api('POST', '/agents', { name: 'Budget agent', customerId, policy })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const redeemed = await apiClient(world.mesh)('POST', `/agents/device-codes/${created.body.deviceCode.code}/redeem`)
  expect(redeemed.status).toBe(200)
  return redeemed.body.accessToken
}

const asAgent = (token: string) => apiClient(world.mesh)('GET', '/agents/me', undefined, { authorization: `Bearer ${token}` })

beforeAll(async () => {
  world = await startPaymentsWorld('customer-deletion')
}, 240_000)

afterAll(async () => {
  await world?.stop()
})

describe('deleting a customer', () => {
  it('closes its empty accounts, freezes the one holding money with the balance kept, and shuts out its agents and wallet credentials', async () => {
    const customer = await customerWithWallet()
    const bystander = await customerWithWallet()
    const euro = customer.accounts.find((a) => a.type === 'INTERNAL_FIAT' && a.balance.currency.code === 'EUR')!
    const wallet = customer.accounts.find((a) => a.type === 'EMBEDDED_WALLET')!
    await fund(world, euro.id, 12_345)
    const token = await installAgent(customer.id)
    expect((await asAgent(token)).status).toBe(200)
    const credential = await world.api('POST', '/auth/credentials', { type: 'EMAIL_OTP', accountId: wallet.id })
    expect(credential.status, JSON.stringify(credential.body)).toBe(201)

    expect((await world.api('DELETE', `/customers/${customer.id}`)).status).toBe(200)

    const live = customer.accounts.filter((a) => a.status === 'ACTIVE')
    await waitUntil(async () => (await accountsOf(customer.id)).every((a) => a.status !== 'ACTIVE'), 'the accounts retired', 30_000)
    const after = await accountsOf(customer.id)
    for (const account of live) {
      const now = after.find((a) => a.id === account.id)!
      expect(now.status, `${account.type} ${account.balance.currency.code}`).toBe(account.id === euro.id ? 'FROZEN' : 'CLOSED')
    }
    expect(after.find((a) => a.id === euro.id)!.balance.amount).toBe(12_345)
    // each change is told to the platform
    await waitUntil(
      async () => live.every((a) => world.webhooks.some((w) => w.body?.type === 'INTERNAL_ACCOUNT.STATUS_UPDATED' && w.body.data?.id === a.id && w.body.data.status !== 'ACTIVE')),
      'a status webhook per account',
      30_000,
    )
    // no money comes in any more
    const refused = await world.api('POST', `/sandbox/internal-accounts/${euro.id}/fund`, { amount: 1 })
    expect(refused.status).toBe(409)

    await waitUntil(async () => (await asAgent(token)).status === 401, "the agent's token refused", 30_000)
    await waitUntil(
      async () => (await world.api('GET', `/auth/credentials?accountId=${encodeURIComponent(wallet.id)}`)).body.data?.length === 0,
      'the wallet credentials gone',
      30_000,
    )

    // the other customer of the platform keeps everything
    expect((await accountsOf(bystander.id)).filter((a) => a.status === 'ACTIVE').length).toBe(bystander.accounts.filter((a) => a.status === 'ACTIVE').length)
  })
})
