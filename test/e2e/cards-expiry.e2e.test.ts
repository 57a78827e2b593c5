import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activeCard, authorize, balances, simulate, transactionAt, transactionWebhooks, webhookOf } from './cards-support.js'
import { createCustomer, fund, startPaymentsWorld, type PaymentsWorld } from './payments-support.js'

/**
 * An authorization that no clearing settles expires after the sandbox's window, shortened here:
 * its hold released to the cent, SETTLED with nothing settled and CARD_TRANSACTION.SETTLED sent,
 * by the cards service's job alone; a clearing after it posts as a late presentment.
 */
const EXPIRY_MS = 3_000
let world: PaymentsWorld

beforeAll(async () => {
  world = await startPaymentsWorld('cards-expiry', { env: { SANDBOX_CARD_AUTHORIZATION_EXPIRY_MS: String(EXPIRY_MS), SANDBOX_CARD_ACTIVATION_DELAY_MS: '200' } })
}, 240_000)

afterAll(async () => {
  await world?.stop()
})

describe('an authorization left open', () => {
  it('expires after its window: hold released, SETTLED with nothing settled, its webhook sent', async () => {
    const customer = await createCustomer(world)
    await fund(world, customer.accounts.USD!, 5_000)
    const card = await activeCard(world, customer)
    const t = await authorize(world, card.id, 700)
    expect(await balances(world, customer)).toEqual({ available: 4_300, total: 5_000 })

    const expired = await webhookOf(world, (hook) => hook.body.type === 'CARD_TRANSACTION.SETTLED' && hook.body.data.id === t.id, 'the expiry')
    expect(Date.parse(expired.body.data.updatedAt) - Date.parse(t.authorizedAt)).toBeGreaterThanOrEqual(EXPIRY_MS)
    expect(expired.body.data).toMatchObject({ status: 'SETTLED', pullSummary: { count: 1, totalAmount: 0, pendingCount: 0 } })
    expect(expired.body.data).not.toHaveProperty('settledAmount')
    expect(await balances(world, customer)).toEqual({ available: 5_000, total: 5_000 })
    expect(transactionWebhooks(world, t.id)).toEqual(['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.SETTLED'])
    expect((await world.api('GET', `/cards/${card.id}`)).body.state).toBe('ACTIVE')

    expect((await simulate(world, card.id, 'clearing', { cardTransactionId: t.id, amount: 700 })).status).toBe(202)
    expect(await balances(world, customer)).toEqual({ available: 4_300, total: 4_300 })
    expect(await transactionAt(world, t.id, 'SETTLED')).toMatchObject({ settledAmount: { amount: 700 }, pullSummary: { count: 2, totalAmount: 700 } })
  })
})
