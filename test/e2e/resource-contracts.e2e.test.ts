import { isDeepStrictEqual } from 'node:util'
import { CustomerSchema, ExternalAccountSchema, InternalAccountSchema, TransactionSchema } from '@pp/contracts'
import { waitUntil } from '@pp/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCustomer, euroExternalAccount, finalTransaction, fund, sendNow, startPaymentsWorld, type PaymentsWorld } from './payments-support.js'

/**
 * One resource, one JSON: the `data` of a webhook is the resource exactly as GET shows it at that
 * state, field for field and in the same formats, whichever service produced each. The webhook
 * that carries the resource's last state must equal the GET body taken once nothing moves, and
 * that body keeps to the resource's contract (@pp/contracts): parsing it keeps every field and
 * adds none. The other resources webhooks carry (verification, bulk import job, invitation, card,
 * card transaction, agent action) are held to their contracts by the unit tests beside their views.
 */
let world: PaymentsWorld

beforeAll(async () => {
  world = await startPaymentsWorld('contracts')
}, 120_000)

afterAll(async () => {
  await world?.stop()
})

/** The `data` of every webhook of these types about the resource `id`, in arrival order. */
const dataOf = (types: RegExp, id: string): unknown[] =>
  world.webhooks.filter((w) => types.test(w.body.type) && w.body.data?.id === id).map((w) => w.body.data)

/** Waits until a webhook about `id` carries exactly `expected` (its state as GET shows it). */
async function expectWebhookEqualTo(types: RegExp, id: string, expected: unknown, contract: { parse(value: unknown): unknown }): Promise<void> {
  expect(contract.parse(expected)).toEqual(expected)
  // the key order may differ between producers; JSON does not care
  const arrived = () => dataOf(types, id).some((data) => isDeepStrictEqual(data, expected))
  await waitUntil(async () => arrived(), `a webhook carrying ${id} as GET shows it`, 10_000).catch(() => undefined)
  expect(dataOf(types, id)).toContainEqual(expected)
}

describe('webhook data is the GET body', () => {
  it('customer', async () => {
    const customer = await createCustomer(world)
    await waitUntil(async () => dataOf(/^CUSTOMER\./, customer.id).length > 0, 'the customer webhooks', 20_000)
    const got = await world.api('GET', `/customers/${customer.id}`)
    expect(got.status).toBe(200)
    await expectWebhookEqualTo(/^CUSTOMER\./, customer.id, got.body, CustomerSchema)
  })

  it('internal account', async () => {
    const customer = await createCustomer(world)
    const accounts = (await world.api('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}&limit=100`)).body.data as Array<{
      id: string
      type: string
    }>
    // a balance change of a crypto account is announced with the account
    const wallet = accounts.find((a) => a.type === 'EMBEDDED_WALLET')!
    await fund(world, wallet.id, 5_000)
    const listed = (await world.api('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}&limit=100`)).body.data as Array<{ id: string }>
    await expectWebhookEqualTo(/^INTERNAL_ACCOUNT\./, wallet.id, listed.find((a) => a.id === wallet.id), InternalAccountSchema)
  })

  it('external account', async () => {
    const customer = await createCustomer(world)
    const created = await world.api('POST', '/customers/external-accounts', {
      customerId: customer.id,
      currency: 'USD',
      accountInfo: {
        accountType: 'US_ACCOUNT',
        accountNumber: '123456789012',
        routingNumber: '011000015',
        accountCategory: 'CHECKING',
        bankName: 'Contract Bank',
        beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Grace Hopper' },
      },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.id as string
    // a new US account is validated by a micro-entry; its status change is announced with the account
    await waitUntil(async () => dataOf(/^EXTERNAL_ACCOUNT\./, id).length > 0, 'the external account webhook', 30_000)
    const got = await world.api('GET', `/customers/external-accounts/${id}`)
    expect(got.status).toBe(200)
    await expectWebhookEqualTo(/^EXTERNAL_ACCOUNT\./, id, got.body, ExternalAccountSchema)
  })

  it('transaction', async () => {
    const customer = await createCustomer(world)
    await fund(world, customer.accounts.EUR!, 10_000)
    const destination = await euroExternalAccount(world, customer.id, '000')
    const quote = await sendNow(world, customer.accounts.EUR!, destination, 1_000)
    const final = await finalTransaction(world, quote.transactionId)
    await expectWebhookEqualTo(/^OUTGOING_PAYMENT\./, quote.transactionId, final, TransactionSchema)
  })
})
