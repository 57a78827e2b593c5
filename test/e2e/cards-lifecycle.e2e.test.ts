import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  activeCard,
  authorize,
  balances,
  createDelegatedKey,
  fundedCard as fundedCardOn,
  merchant,
  platformWorld,
  simulate,
  transactionAt,
  transactionWebhooks,
  walletOf,
  webhookOf,
} from './cards-support.js'
import { type Mesh } from './mesh.js'
import { createCustomer, fund, type Customer, type PaymentsWorld } from './payments-support.js'
import { sharedMesh } from './shared-mesh.js'
import { startWebhookReceiver } from './webhook-receiver.js'

/**
 * Nothing of a card is left behind, through the gateway on the real mesh: closing a card releases
 * its open authorizations to the cent (a clearing after that posts as a late presentment), a
 * deleted customer's card closes and refuses the next authorization, and a card funded by an
 * embedded wallet spends only while its delegated key is ACTIVE.
 */
let mesh: Mesh
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>

beforeAll(async () => {
  mesh = sharedMesh()
  receiver = await startWebhookReceiver()
}, 60_000)

afterAll(async () => {
  await receiver?.close()
  await mesh?.stop()
})

const fundedCard = (amount: number) => fundedCardOn(mesh, receiver, amount)

const stateChange = (w: PaymentsWorld, cardId: string, state: string) =>
  webhookOf(w, (hook) => hook.body.type === 'CARD.STATE_CHANGE' && hook.body.data.id === cardId && hook.body.data.state === state, `${cardId} ${state}`)

/** An authorization the card declines: answered 202, nothing held, no transaction. */
async function declined(w: PaymentsWorld, customer: Customer, cardId: string, accountId: string, currency = 'USD'): Promise<void> {
  const before = await balances(w, customer, accountId)
  const answer = await simulate(w, cardId, 'authorization', { amount: 100, currency: { code: currency }, merchant: merchant('AFTER THE END') })
  expect(answer.status).toBe(202)
  expect(await balances(w, customer, accountId)).toEqual(before)
}

describe('closing a card', () => {
  it('releases its open authorization to the cent (SETTLED, nothing settled, with its webhook); a later clearing posts as a late presentment', async () => {
    const { w, customer, card } = await fundedCard(10_000)
    const open = await authorize(w, card.id, 1_250)
    const partly = await authorize(w, card.id, 2_000)
    expect((await simulate(w, card.id, 'clearing', { cardTransactionId: partly.id, amount: 1_500 })).status).toBe(202)
    expect(await balances(w, customer)).toEqual({ available: 7_250, total: 8_500 })

    const closed = await w.api('PATCH', `/cards/${card.id}`, { state: 'CLOSED' })
    expect(closed.body).toMatchObject({ state: 'CLOSED', stateReason: 'CLOSED_BY_PLATFORM', fundingSources: [] })
    const settled = await webhookOf(w, (hook) => hook.body.type === 'CARD_TRANSACTION.SETTLED' && hook.body.data.id === open.id, 'the release')
    expect(settled.body.data).toMatchObject({ status: 'SETTLED', authorizedAmount: { amount: 1_250 }, pullSummary: { pendingCount: 0 } })
    expect(settled.body.data).not.toHaveProperty('settledAmount')
    expect(await balances(w, customer)).toEqual({ available: 8_500, total: 8_500 })
    expect(await transactionAt(w, partly.id, 'PARTIALLY_SETTLED')).toMatchObject({ settledAmount: { amount: 1_500 } })
    expect(transactionWebhooks(w, open.id)).toEqual(['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.SETTLED'])
    await declined(w, customer, card.id, customer.accounts.USD!)

    expect((await simulate(w, card.id, 'clearing', { cardTransactionId: open.id, amount: 1_250 })).status).toBe(202)
    expect(await balances(w, customer)).toEqual({ available: 7_250, total: 7_250 })
    await waitUntil(async () => (await transactionAt(w, open.id, 'SETTLED')).settledAmount?.amount === 1_250, 'the late presentment', 30_000)
  })
})

describe("a deleted customer's card", () => {
  it('closes (CLOSED_BY_SERVICE) with its hold released, and declines the next authorization', async () => {
    const { w, customer, card } = await fundedCard(5_000)
    const open = await authorize(w, card.id, 1_000)
    expect(await balances(w, customer)).toEqual({ available: 4_000, total: 5_000 })

    expect((await w.api('DELETE', `/customers/${customer.id}`)).status).toBe(200)
    const closed = await stateChange(w, card.id, 'CLOSED')
    expect(closed.body.data).toMatchObject({ stateReason: 'CLOSED_BY_SERVICE', fundingSources: [] })
    await transactionAt(w, open.id, 'SETTLED')
    await waitUntil(async () => (await balances(w, customer)).available === 5_000, 'the hold released', 30_000)
    expect(await balances(w, customer)).toEqual({ available: 5_000, total: 5_000 })
    expect((await w.api('GET', `/cards/${card.id}`)).body).toMatchObject({ state: 'CLOSED', stateReason: 'CLOSED_BY_SERVICE' })
    await declined(w, customer, card.id, customer.accounts.USD!)
  })
})

describe('a card funded by an embedded wallet', () => {
  it('is declined without a delegated key and after its revocation, and spends while it is ACTIVE', async () => {
    const w = await platformWorld(mesh, receiver, 'cards-wallet')
    const customer = await createCustomer(w)
    const wallet = await walletOf(w, customer)
    const currency = wallet.balance.currency.code as string
    const unit = 10 ** (wallet.balance.currency.decimals as number)
    await fund(w, wallet.id, 50 * unit)
    const card = await activeCard(w, customer, { fundingSources: [wallet.id] })
    await declined(w, customer, card.id, wallet.id, currency)

    const key = await createDelegatedKey(w, card.id, wallet.id)
    const before = await balances(w, customer, wallet.id)
    const spent = await authorize(w, card.id, unit, 'SIGNED BY THE KEY', 'authorization', currency)
    expect(spent).toMatchObject({ status: 'AUTHORIZED', accountId: wallet.id, authorizedAmount: { amount: unit } })
    expect(await balances(w, customer, wallet.id)).toEqual({ available: before.available - unit, total: before.total })

    expect((await w.api('DELETE', `/auth/delegated-keys/${key.id}`)).status).toBe(204)
    await declined(w, customer, card.id, wallet.id, currency)
    const listed = async () => (await w.api('GET', `/transactions?type=CARD&customerId=${encodeURIComponent(customer.id)}`)).body.data.map((t: any) => t.id)
    await waitUntil(async () => (await listed()).length > 0, 'the card transaction listed', 30_000)
    expect(await listed()).toEqual([spent.id])
  })
})
