import { randomBytes } from 'node:crypto'
import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPaymentsWorld, type PaymentsWorld } from './payments-support.js'

/**
 * A customer created before its platform set an umaDomain shows a system address at a placeholder
 * domain. Once the platform sets its domain (and whenever it changes it), the customers service
 * moves every system address to it, with a CUSTOMER.UPDATED each; an address the platform chose
 * stays what it was.
 */
let world: PaymentsWorld

const newCustomer = async (extra: Record<string, unknown> = {}) => {
  const consent = { type: 'SERVICE_END_USER_TERMS', acceptedAt: '2026-11-01T10:00:00Z', ipAddress: '203.0.113.7', termsVersion: world.termsVersion, acceptanceMethod: 'CHECKBOX' }
  const created = await world.api('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: `pc-${randomBytes(6).toString('hex')}`, fullName: 'Ada Lovelace', agreementConsents: [consent], ...extra })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body as { id: string; umaAddress: string }
}
const addressOf = async (id: string): Promise<string> => (await world.api('GET', `/customers/${id}`)).body.umaAddress

beforeAll(async () => {
  world = await startPaymentsWorld('uma-domain')
  // CUSTOMER.UPDATED is one of the webhook types beyond the reference's
  expect((await world.api('PATCH', '/config', { extendedWebhookTypes: true })).status).toBe(200)
}, 240_000)

afterAll(async () => {
  await world?.stop()
})

describe("the platform's umaDomain", () => {
  it('moves the system addresses of its customers when set and when changed, and leaves chosen ones alone', async () => {
    const system = await newCustomer()
    const chosenAddress = `$chosen${randomBytes(3).toString('hex')}@given.example.com`
    const chosen = await newCustomer({ umaAddress: chosenAddress })
    const [user, placeholder] = system.umaAddress.split('@')
    expect(placeholder).toBe('uma.payments.local')

    expect((await world.api('PATCH', '/config', { umaDomain: 'pay.example.com' })).status).toBe(200)
    await waitUntil(async () => (await addressOf(system.id)) === `${user}@pay.example.com`, 'the system address on the domain', 30_000)
    await waitUntil(
      async () => world.webhooks.some((w) => w.body?.type === 'CUSTOMER.UPDATED' && w.body.data?.id === system.id && w.body.data.umaAddress === `${user}@pay.example.com`),
      'its CUSTOMER.UPDATED webhook',
      30_000,
    )

    expect((await world.api('PATCH', '/config', { umaDomain: 'wallet.example.org' })).status).toBe(200)
    await waitUntil(async () => (await addressOf(system.id)) === `${user}@wallet.example.org`, 'the system address on the new domain', 30_000)
    expect(await addressOf(chosen.id)).toBe(chosenAddress)

    // a customer created now is given an address on the domain at once
    expect((await newCustomer()).umaAddress).toMatch(/@wallet\.example\.org$/)
  }, 120_000)
})
