import { ApiError } from '@pp/errors'
import { callUnary } from '@pp/grpc'
import { UpdateCustomerRequest } from '@pp/proto/customers/v1/customers'
import type { ContactChange } from '@pp/vocabulary'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { walletContactsClient } from '../src/clients/wallet-auth.js'
import type { ContactChangeProof } from '../src/domain/customers/contact-change.js'
import { create, customerOf, failure, individual, newTenant, startHarness, type Harness } from './harness.js'

/**
 * A customer's new email or phone number is one logical operation with the embedded wallets' OTP
 * credentials (wallet-auth's half): the customer's contact changes only when wallet-auth agreed,
 * with the proof the update carried, and stays as it was when it refused or could not be reached.
 */
let h: Harness
const synced: Array<{ customerId: string; change: ContactChange; proof?: ContactChangeProof }> = []
let refusal: ApiError | undefined

beforeAll(async () => {
  h = await startHarness('contact-credentials', {
    walletContacts: {
      async sync(_caller, customerId, change, proof) {
        if (refusal) throw refusal
        synced.push({ customerId, change, proof })
      },
    },
  })
})
afterAll(() => h?.stop())

const update = (ctx: ReturnType<typeof newTenant>, request: Parameters<typeof UpdateCustomerRequest.fromPartial>[0]) =>
  callUnary(h.client, h.client.updateCustomer, UpdateCustomerRequest.fromPartial(request), ctx).then(customerOf)
const emailOf = async (ctx: ReturnType<typeof newTenant>, customerId: string) => customerOf(await callUnary(h.client, h.client.getCustomer, { customerId }, ctx)).email

describe("a customer's contact update", () => {
  it("hands wallet-auth the changed contact and the update's proof; other changes do not ask it", async () => {
    const ctx = newTenant()
    const customer = await create(h, ctx, individual({ email: 'old@example.com' }))
    synced.length = 0
    const proof = { requestId: 'Request:1', walletSignature: 'stamp', body: '{"email":"new@example.com"}' }
    await update(ctx, { customerId: customer.id, customerType: 'INDIVIDUAL', profile: { email: 'new@example.com' }, contactProof: proof })
    expect(synced).toEqual([{ customerId: customer.id, change: { email: 'new@example.com' }, proof }])
    await update(ctx, { customerId: customer.id, customerType: 'INDIVIDUAL', profile: { fullName: 'Ada King', email: 'new@example.com' } })
    expect(synced).toHaveLength(1)
  })

  it("leaves the customer's contact as it was when wallet-auth refuses, or cannot be reached (424)", async () => {
    const ctx = newTenant()
    const customer = await create(h, ctx, individual({ email: 'kept@example.com' }))
    for (const refused of [new ApiError('EMAIL_OTP_CREDENTIAL_SET_CHANGED'), new ApiError('WALLET_SIGNATURE_MISSING')]) {
      refusal = refused
      const err = await failure(update(ctx, { customerId: customer.id, customerType: 'INDIVIDUAL', profile: { email: 'moved@example.com' } }))
      expect(err.code).toBe(refused.code)
      expect(await emailOf(ctx, customer.id)).toBe('kept@example.com')
    }
    refusal = undefined
    // nothing listens here: the real client's failure to reach wallet-auth is the reference's 424
    const unreachable = walletContactsClient('127.0.0.1:1')
    const err = await unreachable.sync(ctx, customer.id, { email: 'moved@example.com' }, undefined).then(() => undefined, (e: ApiError) => e)
    unreachable.close()
    expect(err?.toBody()).toMatchObject({ status: 424, code: 'EMAIL_OTP_CREDENTIAL_SYNC_FAILED' })
  })
})
